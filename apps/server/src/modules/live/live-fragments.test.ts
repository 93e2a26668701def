import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFragmentReader, type LiveFragment } from './live-fragments.ts';
import { lowLatencyPartArgs, PART_TARGET_SECONDS } from './low-latency-args.ts';
import { makeEncoderStream } from './live.test-support.ts';

let stream: Buffer;
beforeAll(async () => {
  stream = readFileSync(await makeEncoderStream('fragments', { seconds: 4, keyframeSeconds: 1 }));
}, 60_000);

/** What the low-latency copy writes on its fragment pipe for `flv`, handed over in `chunks`. */
const fragmentsOf = async (flv: Buffer, chunk: number) => {
  const [copy] = lowLatencyPartArgs(
    { recording: '/dev/null', hlsFolder: '/dev/null/none', part: 1 },
    { heights: [], segmentSeconds: 2, dvrSeconds: 60 },
  );
  // Only the fragmented output: the recording and HLS outputs are the standard part's.
  const args = [...copy!.slice(0, 8), ...copy!.slice(copy!.lastIndexOf('-map') - 2)];
  const child = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'ignore', 'pipe'] });
  const piped: Buffer[] = [];
  child.stdio[3]!.on('data', (bytes: Buffer) => piped.push(bytes));
  child.stdin!.end(flv);
  await new Promise((resolve) => child.once('close', resolve));
  const all = Buffer.concat(piped);
  const inits: Buffer[] = [];
  const fragments: LiveFragment[] = [];
  const problems: string[] = [];
  const reader = createFragmentReader({
    init: (bytes) => inits.push(bytes),
    fragment: (fragment) => fragments.push(fragment),
    unreadable: (why) => problems.push(why),
  });
  for (let at = 0; at < all.length; at += chunk) reader.push(all.subarray(at, at + chunk));
  return { all, inits, fragments, problems };
};

describe('the fragments of a low-latency live', () => {
  it('hands on the init once, then parts of at most the part target, keyframes marked', async () => {
    // Odd chunk sizes: boxes arrive cut anywhere, as a pipe delivers them.
    const { all, inits, fragments, problems } = await fragmentsOf(stream, 997);
    expect(problems).toEqual([]);
    expect(inits).toHaveLength(1);
    expect(inits[0]!.toString('latin1', 4, 8)).toBe('ftyp');
    expect(fragments.length).toBeGreaterThanOrEqual(12);
    for (const fragment of fragments) {
      expect(fragment.bytes.toString('latin1', 4, 8)).toBe('moof');
      expect(fragment.seconds).toBeGreaterThan(0);
      expect(fragment.seconds).toBeLessThanOrEqual(PART_TARGET_SECONDS);
    }
    // Every byte of the output is in the init or a part, in order, but the index ffmpeg adds
    // once the stream ends (mfra), which a live never reaches.
    const handed = Buffer.concat([inits[0]!, ...fragments.map((f) => f.bytes)]);
    expect(handed.equals(all.subarray(0, handed.length))).toBe(true);
    expect(all.toString('latin1', handed.length + 4, handed.length + 8)).toBe('mfra');
    // A keyframe every second: a part starts on each, and only there.
    const keyframes = fragments.filter((f) => f.independent).map((f) => Math.round(f.startSeconds));
    expect(keyframes).toEqual([0, 1, 2, 3]);
    const total = fragments.reduce((sum, f) => sum + f.seconds, 0);
    expect(total).toBeCloseTo(4, 1);
    // Parts follow each other without a gap.
    for (const [index, fragment] of fragments.slice(1).entries()) {
      const before = fragments[index]!;
      expect(fragment.startSeconds).toBeCloseTo(before.startSeconds + before.seconds, 2);
    }
  });

  it('stops reading a pipe that does not carry MP4 boxes, without throwing', () => {
    const problems: string[] = [];
    const fragments: LiveFragment[] = [];
    const reader = createFragmentReader({
      init: () => {},
      fragment: (fragment) => fragments.push(fragment),
      unreadable: (why) => problems.push(why),
    });
    reader.push(Buffer.from([0, 0, 0, 3, 0x6d, 0x6f, 0x6f, 0x66, 1, 2, 3]));
    reader.push(Buffer.alloc(64, 7));
    expect(problems).toEqual(['a box of 3 bytes']);
    expect(fragments).toEqual([]);
  });
});
