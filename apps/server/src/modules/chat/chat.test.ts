import { eq, sql } from 'drizzle-orm';
import {
  CHAT_BURST,
  Privacy,
  chatMessages,
  fieldLimits,
  type ChatMessage,
} from '@plateau/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { postDirect } from '../../test/directs.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { chatSettings, openChatEvents, postMessage } from './chat.test-support.ts';

const ctx = useTestApp();
let base: string;
let geek: TestUser;
let member: TestUser;
let student: TestUser;
let other: TestUser;

beforeAll(async () => {
  geek = await ctx.createUser('geek');
  member = await ctx.createUser('plateau');
  student = await ctx.createUser('user');
  other = await ctx.createUser('user');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

const newDirect = (privacy: number, chat = true) =>
  postDirect(ctx, geek, { title: 'Gala', privacy, chat });

const page = async (user: TestUser | null, directId: number) => {
  const response = await ctx.app.inject({
    url: `/api/directs/${directId}/chat`,
    headers: user?.auth ?? {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('the chat of a direct: who reads, who writes, what is written', () => {
  it('is off unless a geek opens it; then accounts that may watch write, visitors read', async () => {
    const closed = await newDirect(Privacy.Public, false);
    expect(closed.chat).toBe(false);
    const refused = await postMessage(ctx, student, closed.id, 'Bonsoir');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(chatMessages.off);

    const direct = await newDirect(Privacy.Public);
    expect(direct.chat).toBe(true);
    const sent = await postMessage(ctx, student, direct.id, 'Bonsoir tout le monde 🎉');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      author: student.username,
      authorId: student.id,
      authorIsMember: false,
      body: 'Bonsoir tout le monde 🎉',
    });
    // A visitor reads the conversation and is asked to sign in to write.
    const visitor = await page(null, direct.id);
    expect(visitor.messages.map((m: ChatMessage) => m.body)).toEqual(['Bonsoir tout le monde 🎉']);
    expect(visitor.state).toMatchObject({ enabled: true, canWrite: false, canModerate: false });
    const anonymous = await postMessage(ctx, null, direct.id, 'Coucou');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(chatMessages.signIn);
    expect((await page(member, direct.id)).state).toMatchObject({
      canWrite: true,
      canModerate: true,
    });
  });

  it('follows the direct: a school direct is hidden from visitors, a members one from students', async () => {
    const school = await newDirect(Privacy.School);
    expect((await ctx.app.inject({ url: `/api/directs/${school.id}/chat` })).statusCode).toBe(401);
    const members = await newDirect(Privacy.Plateau);
    const hidden = await postMessage(ctx, student, members.id, 'Je peux ?');
    expect(hidden.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ url: `/api/directs/${members.id}/chat`, headers: student.auth }))
        .statusCode,
    ).toBe(403);
    expect((await postMessage(ctx, member, members.id, 'Entre nous')).statusCode).toBe(201);
    expect((await ctx.app.inject({ url: '/api/directs/999999/chat' })).statusCode).toBe(404);
  });

  it('keeps text as text: controls and bidi overrides stripped, HTML kept as typed, limits in French', async () => {
    const direct = await newDirect(Privacy.School);
    const sent = await postMessage(ctx, student, direct.id, ' <b>salut</b>\u202e\u0007 à\ttous\n ');
    expect(sent.json().body).toBe('<b>salut</b> à tous');
    const empty = await postMessage(ctx, student, direct.id, ' \u202e\u0000 ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(chatMessages.empty);
    // 300 emoji are 300 characters, as a person counts them; one more is refused.
    const emoji = '😀'.repeat(fieldLimits.chatMessage);
    expect((await postMessage(ctx, other, direct.id, emoji)).statusCode).toBe(201);
    const long = await postMessage(ctx, other, direct.id, 'a'.repeat(fieldLimits.chatMessage + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(chatMessages.tooLong(fieldLimits.chatMessage));
    // The author is the token's account, whatever the body claims.
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/api/directs/${direct.id}/chat`,
      headers: student.auth,
      payload: { body: 'Je suis le geek', author: geek.username, authorId: geek.id },
    });
    expect(forged.statusCode).toBe(201);
    expect(forged.json().author).toBe(student.username);
    const bodies = (await page(student, direct.id)).messages.map((m: ChatMessage) => m.body);
    expect(bodies).toEqual(['<b>salut</b> à tous', emoji, 'Je suis le geek']);
  });

  it('refuses a flood with the time to wait, and a forbidden word with its reason', async () => {
    const direct = await newDirect(Privacy.School);
    const flooder = await ctx.createUser('user');
    for (let i = 0; i < CHAT_BURST; i += 1) {
      expect((await postMessage(ctx, flooder, direct.id, `message ${i}`)).statusCode).toBe(201);
    }
    const flood = await postMessage(ctx, flooder, direct.id, 'encore');
    expect(flood.statusCode).toBe(429);
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
    expect(flood.json().message).toBe(chatMessages.flood(Number(flood.headers['retry-after'])));

    const words = await ctx.app.inject({
      method: 'PUT',
      url: '/api/chatForbiddenWords',
      headers: geek.auth,
      payload: { words: ['crétin', 'gros mot'] },
    });
    expect(words.json()).toEqual({ words: ['crétin', 'gros mot'] });
    const writer = await ctx.createUser('user');
    const forbidden = await postMessage(ctx, writer, direct.id, 'Quel CRETIN ce arbitre');
    expect(forbidden.statusCode).toBe(400);
    expect(forbidden.json().message).toBe(chatMessages.forbiddenWord);
    // A word inside another word is not the word.
    expect((await postMessage(ctx, writer, direct.id, 'Les crétinismes du XIXe')).statusCode).toBe(
      201,
    );
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/chatForbiddenWords',
          headers: member.auth,
          payload: { words: [] },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('moderation by members and geeks', () => {
  it('slow mode, members only, mutes, pins and deletions, each in the geeks log', async () => {
    // Accounts of their own: each account's flood allowance runs across directs.
    const student = await ctx.createUser('user');
    const other = await ctx.createUser('user');
    const direct = await newDirect(Privacy.School);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/directs/${direct.id}/chat/settings`,
          headers: student.auth,
          payload: { slowModeSeconds: 5 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await chatSettings(ctx, member, direct.id, { slowModeSeconds: 30 })).slowModeSeconds,
    ).toBe(30);
    expect((await postMessage(ctx, student, direct.id, 'Premier')).statusCode).toBe(201);
    const slow = await postMessage(ctx, student, direct.id, 'Deuxième');
    expect(slow.statusCode).toBe(429);
    expect(Number(slow.headers['retry-after'])).toBeGreaterThan(25);
    expect(slow.json().message).toMatch(/^Mode lent : réessayez dans \d+ s$/);
    await chatSettings(ctx, member, direct.id, { slowModeSeconds: 0, membersOnly: true });
    const membersOnly = await postMessage(ctx, other, direct.id, 'Et moi ?');
    expect(membersOnly.statusCode).toBe(403);
    expect(membersOnly.json().message).toBe(chatMessages.membersOnly);
    await chatSettings(ctx, member, direct.id, { membersOnly: false });

    // A mute: 5 minutes, said to the muted account with its end.
    const mute = await ctx.app.inject({
      method: 'POST',
      url: `/api/directs/${direct.id}/chat/mutes`,
      headers: member.auth,
      payload: { userId: other.id, duration: 'minutes' },
    });
    expect(mute.statusCode).toBe(204);
    const muted = await postMessage(ctx, other, direct.id, 'Pourquoi ?');
    expect(muted.statusCode).toBe(403);
    expect(muted.json().message).toBe(chatMessages.muted);
    const mutedState = (await page(other, direct.id)).state;
    expect(mutedState.canWrite).toBe(false);
    expect(new Date(mutedState.mutedUntil).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/directs/${direct.id}/chat/mutes`,
      headers: member.auth,
      payload: { userId: other.id, duration: 'direct' },
    });
    expect((await page(other, direct.id)).state.mutedUntil).toBeNull();
    const unmute = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/directs/${direct.id}/chat/mutes/${other.id}`,
      headers: member.auth,
    });
    expect(unmute.statusCode).toBe(204);
    const question = (
      await postMessage(ctx, other, direct.id, 'Une question pour l’orateur')
    ).json();

    // Pinned, then deleted: gone from the page and from the pin.
    expect(
      (await chatSettings(ctx, member, direct.id, { pinnedId: question.id })).pinned.body,
    ).toBe('Une question pour l’orateur');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/directs/${direct.id}/chat/messages/${question.id}`,
      headers: member.auth,
    });
    expect(removed.statusCode).toBe(204);
    const after = await page(student, direct.id);
    expect(after.messages.map((m: ChatMessage) => m.body)).toEqual(['Premier']);
    expect(after.state.pinned).toBeNull();

    // The log: who did what, for geeks only.
    const log = await ctx.app.inject({
      url: `/api/directs/${direct.id}/chat/moderation`,
      headers: geek.auth,
    });
    expect(log.json().actions.map((a: { action: string }) => a.action)).toEqual([
      'delete',
      'pin',
      'unmute',
      'mute',
      'mute',
      'members-only',
      'members-only',
      'slow-mode',
      'slow-mode',
    ]);
    expect(log.json().actions[0]).toMatchObject({
      moderator: member.username,
      detail: `${other.username} : Une question pour l’orateur`,
    });
    expect(
      (
        await ctx.app.inject({
          url: `/api/directs/${direct.id}/chat/moderation`,
          headers: member.auth,
        })
      ).statusCode,
    ).toBe(403);

    // The export keeps the deleted message, marked; deleting the conversation empties it.
    const csv = await ctx.app.inject({
      url: `/api/directs/${direct.id}/chat/export.csv`,
      headers: geek.auth,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('"Une question pour l’orateur"');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(3);
    const cleared = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/directs/${direct.id}/chat`,
      headers: geek.auth,
    });
    expect(cleared.statusCode).toBe(204);
    expect((await page(student, direct.id)).messages).toEqual([]);
  });

  it('goes with its direct', async () => {
    const direct = await newDirect(Privacy.School);
    await postMessage(ctx, student, direct.id, 'Au revoir');
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/directs/${direct.id}`,
      headers: geek.auth,
    });
    const left = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from chat_messages where direct_id = $1',
      [direct.id],
    );
    expect(left.rows[0]!.n).toBe(0);
  });
});

describe('the stream of a chat', () => {
  const streams: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()));
  });

  it('pushes messages, deletions and states at once, and resumes after the last one seen', async () => {
    const student = await ctx.createUser('user');
    const other = await ctx.createUser('user');
    const direct = await newDirect(Privacy.School);
    const first = (await postMessage(ctx, student, direct.id, 'un')).json();
    const reader = await openChatEvents(base, direct.id, { token: member.token, after: 0 });
    streams.push(reader);
    expect(reader.status).toBe(200);
    await reader.waitFor('message', 1);
    await postMessage(ctx, student, direct.id, 'deux');
    await reader.waitFor('message', 2, 1_000);
    expect(reader.messages()).toEqual(['un', 'deux']);
    expect(reader.events[0]!.event).toBe('state');
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/directs/${direct.id}/chat/messages/${first.id}`,
      headers: member.auth,
    });
    await reader.waitFor('deleted', 1, 1_000);
    expect(reader.events.find((e) => e.event === 'deleted')!.data).toEqual({ id: first.id });
    // A reconnection after « deux » gets « trois » only: no gap, no double.
    const deux = reader.events.filter((e) => e.event === 'message')[1]!;
    await reader.close();
    await postMessage(ctx, other, direct.id, 'trois');
    const again = await openChatEvents(base, direct.id, {
      token: member.token,
      lastEventId: Number(deux.id),
    });
    streams.push(again);
    await again.waitFor('message', 1);
    await postMessage(ctx, other, direct.id, 'quatre');
    await again.waitFor('message', 2, 1_000);
    expect(again.messages()).toEqual(['trois', 'quatre']);
  });

  it('cuts off a revoked token and a demoted account within seconds', async () => {
    const direct = await newDirect(Privacy.Plateau);
    const revoked = await ctx.createUser('plateau');
    const demoted = await ctx.createUser('plateau');
    const first = await openChatEvents(base, direct.id, { token: revoked.token });
    const second = await openChatEvents(base, direct.id, { token: demoted.token });
    streams.push(first, second);
    await first.waitFor('state');
    await second.waitFor('state');
    await ctx.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, revoked.id));
    await ctx.database.db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.id));
    await first.waitClosed(10_000);
    await second.waitClosed(10_000);
    // And neither can open it again.
    expect((await openChatEvents(base, direct.id, { token: revoked.token })).status).toBe(401);
    expect((await openChatEvents(base, direct.id, { token: demoted.token })).status).toBe(403);
  });

  it('refuses a stream to whoever may not watch the direct', async () => {
    const direct = await newDirect(Privacy.School);
    expect((await openChatEvents(base, direct.id)).status).toBe(401);
    expect((await openChatEvents(base, 999_999, { token: student.token })).status).toBe(404);
  });
});
