import { Privacy, Processing, type ChatMessage, type ChatReplay } from '@plateau/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertLive, markLost, markResumed } from './modules/live/live.repository.ts';
import { postMessage } from './modules/chat/chat.test-support.ts';
import { insertVideo } from './modules/media/media.test-helpers.ts';
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

const said = async (directId: number, body: string, who = student): Promise<ChatMessage> => {
  const response = await postMessage(ctx, who, directId, body);
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

describe('« Revoir le chat »: the REDIFF shows each message at its moment in the video', () => {
  const replay = async (videoId: number, who: TestUser | null = student) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/videos/${videoId}/chat`,
      headers: who?.auth ?? {},
    });
    return response;
  };
  const seconds = (answer: ChatReplay) =>
    answer.messages.map((message) => [message.body, Math.round(message.videoSeconds)]);

  it('places the live’s messages in its REDIFF, through the cut made of it, under the video’s rule', async () => {
    const direct = await postDirect(ctx, geek, {
      title: 'Gala',
      privacy: Privacy.School,
      chat: true,
    });
    // A member: five messages in a row would reach a student's flood limit.
    const member = await ctx.createUser('plateau');
    const say = (body: string) => said(direct.id, body, member);
    await say('Avant le direct');
    const live = await insertLive(ctx.database.db, direct.id);
    await partBegan(live.id, 3);
    await say('Le rideau');
    await partBegan(live.id, 8);
    const removed = await say('Message retiré');
    await partBegan(live.id, 10);
    await say('Premier acte');
    await partBegan(live.id, 20);
    await say('Entracte');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/directs/${direct.id}/chat/messages/${removed.id}`,
      headers: geek.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const videoId = await insertVideo(ctx, {
      privacy: Privacy.School,
      processing: Processing.Published,
    });
    await ctx.database.query(`update lives set video_id = $2 where id = $1`, [live.id, videoId]);

    const whole = await replay(videoId);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(seconds(whole.json())).toEqual([
      ['Le rideau', 3],
      ['Premier acte', 10],
      ['Entracte', 20],
    ]);

    // Cut twice: the first kept 5-25 s of the recording, the second 0-10 s and 14-20 s of that.
    await ctx.database.query(
      `insert into video_trims (video_id, keep_ms, original_keep_ms, original_before_ms, state,
         from_version, to_version) values ($1, $2, $3, $4, 'done', 1, 2)`,
      [
        videoId,
        JSON.stringify([
          [0, 10_000],
          [14_000, 20_000],
        ]),
        JSON.stringify([
          [5_000, 15_000],
          [19_000, 25_000],
        ]),
        JSON.stringify([[5_000, 25_000]]),
      ],
    );
    expect(seconds((await replay(videoId)).json())).toEqual([
      ['Premier acte', 5],
      ['Entracte', 11],
    ]);
    // Undone: the version before, and its places, are served again.
    await ctx.database.query(`update video_trims set state = 'undone' where video_id = $1`, [
      videoId,
    ]);
    expect(seconds((await replay(videoId)).json())).toEqual([
      ['Premier acte', 5],
      ['Entracte', 15],
    ]);

    expect((await replay(videoId, null)).statusCode).toBe(401);
    await ctx.database.query(`update videos set processing = $2 where id = $1`, [
      videoId,
      Processing.Uploaded,
    ]);
    expect((await replay(videoId)).statusCode).toBe(403);
    expect((await replay(videoId, geek)).statusCode).toBe(200);
    expect((await replay(999_999)).statusCode).toBe(404);
    // A video no live became has no chat to replay.
    const other = await insertVideo(ctx, {
      privacy: Privacy.School,
      processing: Processing.Published,
    });
    expect((await replay(other)).json()).toEqual({ messages: [] });
  });
});
