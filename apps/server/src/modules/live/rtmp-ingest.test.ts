import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTmpDir } from '../../test/test-env.ts';
import { startRtmpIngest, type IngestPublisher, type RtmpIngest } from './rtmp-ingest.ts';
import { durationOf, freePort, makeEncoderStream, publish } from './live.test-support.ts';

const key = 'k'.repeat(32);
let ingest: RtmpIngest;
const publishes: IngestPublisher[] = [];
let stream: string;

beforeAll(async () => {
  stream = await makeEncoderStream('short-publish', { seconds: 3 });
  ingest = await startRtmpIngest({
    port: await freePort(),
    host: '127.0.0.1',
    handlers: { precheck: () => undefined, publish: (publisher) => publishes.push(publisher) },
  });
}, 60_000);
afterAll(() => ingest.stop());

describe('the RTMP ingest', () => {
  it('keeps a publish that is over before the station has accepted it, and tells its end', async () => {
    const encoder = publish(stream, ingest.port, key);
    // The station takes longer than the whole publish (a busy database looking the key up).
    expect(await encoder.exited).toBe(0);
    expect(publishes).toHaveLength(1);
    const publisher = publishes[0]!;
    const received: Buffer[] = [];
    publisher.attach((chunk) => received.push(chunk));
    const ended = await new Promise<boolean>((resolve) => {
      publisher.onEnd(() => resolve(true));
      setTimeout(() => resolve(false), 2_000);
    });
    expect(ended).toBe(true);
    // Everything it sent, from its FLV header: the part's recording loses nothing.
    const file = path.join(testTmpDir, `short-publish-received-${process.pid}.flv`);
    await writeFile(file, Buffer.concat(received));
    expect(Buffer.concat(received).subarray(0, 3).toString()).toBe('FLV');
    expect(await durationOf(file)).toBeGreaterThan(2.9);
  }, 30_000);
});
