import type { IncomingHttpHeaders } from 'node:http';
import parseRange from 'range-parser';
import type { ByteRange } from '../storage/media-storage.ts';

/** What a stored object is, as its stat (S3: a HEAD) gave it. */
export interface ObjectVersion {
  size: number;
  mtime: Date;
  /** The store's strong ETag (quoted), the validator of this version's bytes. */
  etag: string;
}

/** The answer to a GET or HEAD of an object, decided before any byte is read. */
export type ObjectAnswer =
  | {
      status: 200 | 206 | 304;
      headers: Record<string, string | number>;
      /** The bytes to send (none for a 304, an empty object or a HEAD's body). */
      range: ByteRange | null;
    }
  | { status: 412 }
  | { status: 416; contentRange: string };

/** The entity tags of an If-Match or If-None-Match list, `*` included as itself. */
const entityTags = (list: string) =>
  list
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

const weakMatch = (tag: string, etag: string) => tag.replace(/^W\//, '') === etag;

const parseDate = (value: string | undefined) => (value ? Date.parse(value) : Number.NaN);

/** Last-Modified has a second's precision: compared at that precision, as a client sees it. */
const modifiedSeconds = (mtime: Date) => Math.floor(mtime.getTime() / 1000) * 1000;

/** If-Match, then (without it) If-Unmodified-Since: RFC 9110 13.2.2 steps 1 and 2. */
const preconditionFails = (headers: IncomingHttpHeaders, object: ObjectVersion) => {
  const ifMatch = headers['if-match'];
  if (ifMatch) {
    const tags = entityTags(ifMatch);
    // Strong comparison: a weak tag never matches for If-Match.
    return !tags.includes('*') && !tags.includes(object.etag);
  }
  const since = parseDate(headers['if-unmodified-since']);
  return !Number.isNaN(since) && modifiedSeconds(object.mtime) > since;
};

/** If-None-Match, then (without it) If-Modified-Since: steps 3 and 4, for GET and HEAD. */
const notModified = (headers: IncomingHttpHeaders, object: ObjectVersion) => {
  // An end-to-end reload asks for the bytes whatever the validators say, as `send` answers.
  if (headers['cache-control']?.includes('no-cache')) return false;
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch) {
    const tags = entityTags(ifNoneMatch);
    return tags.includes('*') || tags.some((tag) => weakMatch(tag, object.etag));
  }
  const since = parseDate(headers['if-modified-since']);
  return !Number.isNaN(since) && modifiedSeconds(object.mtime) <= since;
};

/** If-Range: the range applies to this version only (an ETag, or a date no older than it). */
const rangeStillApplies = (headers: IncomingHttpHeaders, object: ObjectVersion) => {
  const raw = headers['if-range'];
  if (raw === undefined) return true;
  const ifRange = String(raw);
  if (ifRange.includes('"')) return ifRange.trim() === object.etag;
  const date = parseDate(ifRange);
  return !Number.isNaN(date) && modifiedSeconds(object.mtime) <= date;
};

/**
 * The answer to `headers` for `object`, with the local path's rules (@fastify/send's): 412 for
 * a failed If-Match or If-Unmodified-Since, 304 for a matching If-None-Match or an unchanged
 * If-Modified-Since, one byte range (`a-b`, `a-`, `-n`) as a 206, an unsatisfiable one as a 416
 * with `bytes *\/size`, and a malformed or multiple range as the whole object (200).
 */
export const answerForObject = (
  headers: IncomingHttpHeaders,
  object: ObjectVersion,
): ObjectAnswer => {
  const validators: Record<string, string | number> = {
    'accept-ranges': 'bytes',
    'last-modified': object.mtime.toUTCString(),
    etag: object.etag,
  };
  if (preconditionFails(headers, object)) return { status: 412 };
  if (notModified(headers, object)) return { status: 304, headers: validators, range: null };

  const whole = {
    status: 200 as const,
    headers: { ...validators, 'content-length': object.size },
    range: object.size > 0 ? { start: 0, end: object.size - 1 } : null,
  };
  const asked = headers.range;
  if (asked === undefined || !/^ *bytes=/.test(asked) || !rangeStillApplies(headers, object)) {
    return whole;
  }
  const ranges = parseRange(object.size, asked);
  if (ranges === -1) return { status: 416, contentRange: `bytes */${object.size}` };
  if (ranges === -2 || ranges.length !== 1) return whole;
  const { start, end } = ranges[0]!;
  return {
    status: 206,
    headers: {
      ...validators,
      'content-range': `bytes ${start}-${end}/${object.size}`,
      'content-length': end - start + 1,
    },
    range: { start, end },
  };
};
