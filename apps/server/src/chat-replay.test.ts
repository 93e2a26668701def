import { Privacy, type ChatMessage } from '@plateau/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertLive, markLost, markResumed } from './modules/live/live.repository.ts';
import { postMessage } from './modules/chat/chat.test-support.ts';
import { postDirect } from './test/directs.ts';
import { useTestApp, type TestUser } from './test/harness.ts';

const ctx = useTestApp();
let geek: TestUser;
let student: TestUser;
beforeAll(async () => {
  geek = await ctx.createUser('geek');
  student = await ctx.createUser('user');
});

/** The part under way began `seconds` ago. */
const partBegan = (liveId: number, seconds: number) =>
  ctx.database.query(
    `update lives set part_started_at = now() - make_interval(secs => $2) where id = $1`,
    [liveId, seconds],
  );

const said = async (directId: number, body: string): Promise<ChatMessage> => {
  const response = await postMessage(ctx, student, directId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

describe('« Revoir le chat »: each message knows its place in the recording', () => {
  it('counts the time on the air across a reconnect of the encoder, not the time off it', async () => {
    const direct = await postDirect(ctx, geek, {
      title: 'Gala',
      privacy: Privacy.School,
      chat: true,
    });
    const before = await said(direct.id, 'Ça commence quand ?');
    expect(before.recordingSeconds).toBeNull();

    const live = await insertLive(ctx.database.db, direct.id);
    await partBegan(live.id, 10);
    expect((await said(direct.id, 'Bravo !')).recordingSeconds).toBeCloseTo(10, 0);
    // The encoder drops: what is said meanwhile falls at the cut, whatever the wait.
    await markLost(ctx.database.db, live.id, new Date());
    await ctx.database.query(
      `update lives set lost_at = now() - interval '20 seconds' where id = $1`,
      [live.id],
    );
    expect((await said(direct.id, 'Plus d’image ?')).recordingSeconds).toBeCloseTo(10, 0);
    // It comes back: the second part continues the recording where the first ended.
    await markResumed(ctx.database.db, live.id);
    await partBegan(live.id, 3);
    expect((await said(direct.id, 'Ça revient')).recordingSeconds).toBeCloseTo(13, 0);
  });
});
