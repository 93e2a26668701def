import path from 'node:path';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/harness.ts';
import { problems } from './live-problems.ts';
import {
  broadcastingDirect,
  liveStatus,
  makeEncoderStream,
  publish,
  useLiveTestApp,
  waitFor,
} from './live.test-support.ts';

// A floor of 1 TiB: more than this machine's free space, so the disk counts as nearly full.
const { ctx, rtmpPort } = await useLiveTestApp({ LIVE_MIN_FREE_MB: String(1024 * 1024) });

let geek: TestUser;
beforeAll(async () => {
  geek = await ctx.createUser('geek');
});

describe('a nearly full disk', () => {
  it('refuses the stream before anything is written, and the geek reads why', async () => {
    const { id, key } = await broadcastingDirect(ctx, geek, 'Disque plein');
    const stream = await makeEncoderStream('disk-full', { seconds: 6 });
    expect(await publish(stream, rtmpPort, key).exited).not.toBe(0);
    const status = await waitFor(
      'the problem',
      () => liveStatus(ctx, id, geek),
      (s) => !!s.problem,
    );
    expect(status.problem).toBe(problems.diskFull);
    expect(status.state).toBe('waiting');
    expect(existsSync(path.join(ctx.config.mediaDir, 'lives'))).toBe(false);
  }, 60_000);
});
