import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/harness.ts';
import { liveKeys } from './live-files.ts';
import { problems } from './live-problems.ts';
import {
  broadcastingDirect,
  liveStatus,
  makeEncoderStream,
  publish,
  useLiveTestApp,
  waitFor,
} from './live.test-support.ts';

const run = promisify(execFile);

/** One lower rung, the lightest: what matters here is its encoder, not its picture. */
const { ctx, rtmpPort } = await useLiveTestApp({ LIVE_LADDER: '144' });

let geek: TestUser;
beforeAll(async () => {
  geek = await ctx.createUser('geek');
});

/** The pid of the ffmpeg encoding this live's rungs (it writes the 144p folder), or null. */
const rungEncoder = async (hlsFolder: string): Promise<number | null> => {
  const { stdout } = await run('ps', ['-eo', 'pid=,args=']);
  const line = stdout
    .split('\n')
    .find((entry) => entry.includes('libx264') && entry.includes(`${hlsFolder}/%v/`));
  return line ? Number(line.trim().split(/\s+/)[0]) : null;
};

const segmentsOf = (playlist: string): string[] => playlist.match(/^seg-\d+-\d+\.ts$/gm) ?? [];

describe("a live's rung encoder", () => {
  it('stopped mid-live is said on the edit page, and started again: its rung goes on', async () => {
    const { id, key } = await broadcastingDirect(ctx, geek, 'Gala, machine chargée');
    const stream = await makeEncoderStream('rungs-40s', { seconds: 40 });
    const encoder = publish(stream, rtmpPort, key);
    const live = await waitFor(
      'the live',
      () => liveStatus(ctx, id, geek),
      (s) => s.state === 'live',
    );
    expect(live.problem).toBeNull();
    const lives = path.join(ctx.config.mediaDir, `lives/${id}`);
    const [liveId] = await waitFor(
      "the live's folder",
      async () => (existsSync(lives) ? readdirSync(lives).map(Number) : []),
      (ids) => ids.length === 1,
    );
    const hlsFolder = path.join(ctx.config.mediaDir, liveKeys.hls(id, liveId!));
    const rungPlaylist = path.join(ctx.config.mediaDir, liveKeys.hlsFile(id, liveId!, '144p'));
    const read = () => readFile(rungPlaylist, 'utf8').catch(() => '');
    await waitFor('two segments of the rung', read, (text) => segmentsOf(text).length >= 2);
    const first = await waitFor(
      'its encoder',
      () => rungEncoder(hlsFolder),
      (pid) => !!pid,
    );

    // x264 crashes (or the kernel kills it on a starved machine).
    process.kill(first!, 'SIGKILL');
    const told = await waitFor(
      'the problem',
      () => liveStatus(ctx, id, geek),
      (s) => s.problem !== null,
    );
    expect(told.problem).toBe(problems.rungsRestarted);
    expect(told.state).toBe('live');
    const second = await waitFor(
      'a new encoder',
      () => rungEncoder(hlsFolder),
      (pid) => pid !== null && pid !== first,
    );
    expect(second).not.toBe(first);
    const before = segmentsOf(await read());
    const after = await waitFor(
      'new segments of the rung',
      read,
      (text) => segmentsOf(text).some((name) => !before.includes(name)),
      30_000,
    );
    // The players are told the stream starts over there.
    expect(after).toContain('#EXT-X-DISCONTINUITY');

    await encoder.cut();
  }, 120_000);
});
