import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { parseMediaPlaylist, quantile } from '../live/hls.ts';

/** What `bench:s3-live` needs beside bench/live and bench/s3: listings, fetches, the bucket. */

/** Whether something accepts a TCP connection on 127.0.0.1:`port` (an RTMP ingest open). */
export const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1000, () => done(false));
  });

/** A segment as one poller first saw it listed. */
export interface Listed {
  /** When the answer listing it arrived (body read), ms on `performance.now()`'s clock. */
  at: number;
}

export interface Listings {
  /** Segment names listed by the poller's first answer: their appearance was not seen. */
  before: Set<string>;
  /** Every other segment name, at its first listing. */
  seen: Map<string, Listed>;
  polls: number;
  failed: number;
}

/**
 * Asks a media playlist every `everyMs` (from the start of one ask to the next) until `stop`
 * is called, and notes when each segment was first listed: the time its answer arrived, so a
 * slower answer (a read from the bucket) counts against the machine that gave it.
 */
export const pollListings = (url: string, everyMs: number) => {
  const listings: Listings = { before: new Set(), seen: new Map(), polls: 0, failed: 0 };
  let running = true;
  let first = true;
  const loop = (async () => {
    while (running) {
      const asked = performance.now();
      const response = await fetch(url).catch(() => null);
      const text = response?.ok ? await response.text() : null;
      if (response && !response.ok) await response.body?.cancel();
      const at = performance.now();
      listings.polls += 1;
      if (text === null) listings.failed += 1;
      else {
        for (const segment of parseMediaPlaylist(text).segments) {
          const name = segment.uri.split('?')[0]!;
          if (first) listings.before.add(name);
          else if (!listings.before.has(name) && !listings.seen.has(name)) {
            listings.seen.set(name, { at });
          }
        }
        first = false;
      }
      await sleep(Math.max(0, everyMs - (performance.now() - asked)));
    }
  })();
  return {
    listings,
    async stop() {
      running = false;
      await loop;
      return listings;
    },
  };
};

export interface LagRow {
  /** Segments the reference poller saw appear. */
  segments: number;
  /** Of those, the ones this poller never listed. */
  missing: number;
  /** This poller's first listing minus the reference's, ms, per segment both saw appear. */
  behind: number[];
}

/**
 * Compares a poller with the reference over the segments the reference saw appear (listed
 * by neither first answer). A segment this poller listed in its own first answer is left out.
 */
export const compareListings = (reference: Listings, other: Listings): LagRow => {
  const row: LagRow = { segments: 0, missing: 0, behind: [] };
  for (const [name, first] of reference.seen) {
    if (other.before.has(name)) continue;
    row.segments += 1;
    const seen = other.seen.get(name);
    if (!seen) {
      row.missing += 1;
      continue;
    }
    row.behind.push(seen.at - first.at);
  }
  return row;
};

export const summary = (values: number[]) => ({
  median: quantile(values, 0.5),
  p90: quantile(values, 0.9),
  max: values.length === 0 ? Number.NaN : Math.max(...values),
});

/**
 * One whole segment fetched `count` times through each origin, one request at a time, the
 * origins interleaved: milliseconds, and the segment's size.
 */
export const segmentFetchTimes = async (urls: Record<string, string>, count: number) => {
  const times: Record<string, number[]> = Object.fromEntries(
    Object.keys(urls).map((name) => [name, []]),
  );
  let bytes = 0;
  for (let i = 0; i < count; i += 1) {
    for (const [name, url] of Object.entries(urls)) {
      const started = performance.now();
      const response = await fetch(url);
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${name}: ${response.status} ${body}`);
      times[name]!.push(performance.now() - started);
      bytes = body.length;
    }
  }
  return { times, bytes };
};

/** Removes every object under `prefix` of the bucket (the run's whole prefix); answers how many. */
export const removeBucketPrefix = async (client: S3Client, bucket: string, prefix: string) => {
  if (!prefix.endsWith('/') || prefix.length < 2) throw new Error(`refusing prefix "${prefix}"`);
  let removed = 0;
  for (;;) {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
    if (keys.length === 0) return removed;
    for (const key of keys) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      removed += 1;
    }
  }
};
