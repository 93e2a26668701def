import { describe, expect, it } from 'vitest';
import { answerForObject, type ObjectVersion } from './object-answer.ts';

/** The rules a bucket's media are answered by: the local path's (@fastify/send's), as a table. */
const object: ObjectVersion = {
  size: 1000,
  mtime: new Date('2026-03-01T10:00:00.500Z'),
  etag: '"0123456789abcdef0123456789abcdef"',
};
const modified = 'Sun, 01 Mar 2026 10:00:00 GMT';
const before = 'Sun, 01 Mar 2026 09:59:59 GMT';

const statusOf = (headers: Record<string, string>) => answerForObject(headers, object).status;

describe('answerForObject', () => {
  it('answers the whole object with its validators, and one range as a 206', () => {
    expect(answerForObject({}, object)).toEqual({
      status: 200,
      headers: {
        'accept-ranges': 'bytes',
        'last-modified': modified,
        etag: object.etag,
        'content-length': 1000,
      },
      range: { start: 0, end: 999 },
    });
    const cases: [string, number, number][] = [
      ['bytes=0-0', 0, 0],
      ['bytes=990-', 990, 999],
      ['bytes=-10', 990, 999],
      ['bytes=500-5000', 500, 999],
    ];
    for (const [range, start, end] of cases) {
      const answer = answerForObject({ range }, object);
      expect(answer, range).toMatchObject({
        status: 206,
        range: { start, end },
        headers: {
          'content-range': `bytes ${start}-${end}/1000`,
          'content-length': end - start + 1,
        },
      });
    }
  });

  it('answers 416 with the size past the end, and the whole object for a bad or multiple range', () => {
    expect(answerForObject({ range: 'bytes=1000-' }, object)).toEqual({
      status: 416,
      contentRange: 'bytes */1000',
    });
    expect(statusOf({ range: 'bytes=-0' })).toBe(416);
    for (const range of ['bytes=abc', 'items=0-5', 'bytes=0-1,5-6', 'bytes=5'])
      expect(statusOf({ range }), range).toBe(200);
    expect(answerForObject({}, { ...object, size: 0 })).toMatchObject({ status: 200, range: null });
  });

  it('fails If-Match and If-Unmodified-Since with 412, If-Match first', () => {
    expect(statusOf({ 'if-match': object.etag })).toBe(200);
    expect(statusOf({ 'if-match': `"autre", ${object.etag}` })).toBe(200);
    expect(statusOf({ 'if-match': '*' })).toBe(200);
    expect(statusOf({ 'if-match': '"autre"' })).toBe(412);
    // A weak tag never matches If-Match (strong comparison).
    expect(statusOf({ 'if-match': `W/${object.etag}` })).toBe(412);
    expect(statusOf({ 'if-unmodified-since': modified })).toBe(200);
    expect(statusOf({ 'if-unmodified-since': before })).toBe(412);
    expect(statusOf({ 'if-match': object.etag, 'if-unmodified-since': before })).toBe(200);
  });

  it('answers 304 to a matching If-None-Match or an unchanged If-Modified-Since, unless reloading', () => {
    expect(answerForObject({ 'if-none-match': object.etag }, object)).toEqual({
      status: 304,
      headers: { 'accept-ranges': 'bytes', 'last-modified': modified, etag: object.etag },
      range: null,
    });
    expect(statusOf({ 'if-none-match': `W/${object.etag}` })).toBe(304);
    expect(statusOf({ 'if-none-match': '"autre"' })).toBe(200);
    expect(statusOf({ 'if-modified-since': modified })).toBe(304);
    expect(statusOf({ 'if-modified-since': before })).toBe(200);
    // If-None-Match decides alone when present.
    expect(statusOf({ 'if-none-match': '"autre"', 'if-modified-since': modified })).toBe(200);
    expect(statusOf({ 'if-none-match': object.etag, 'cache-control': 'no-cache' })).toBe(200);
  });

  it('applies a range under If-Range only to the same version', () => {
    const range = 'bytes=5-9';
    expect(statusOf({ range, 'if-range': object.etag })).toBe(206);
    expect(statusOf({ range, 'if-range': '"ancien"' })).toBe(200);
    expect(statusOf({ range, 'if-range': modified })).toBe(206);
    expect(statusOf({ range, 'if-range': before })).toBe(200);
    expect(statusOf({ range, 'if-range': 'pas une date' })).toBe(200);
  });
});
