import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { ChatMessage, ChatModeration } from '@plateau/contract';
import { visibleDirect, visibleVideo } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import { chatMessages, chatModeration, chatMutes } from '../../db/chat-schema.ts';
import type { Executor } from '../../db/client.ts';
import { directs, lives, settings, users, videos, videoTrims } from '../../db/schema.ts';

/** A direct's chat switches, and whether this viewer may see the direct. */
export interface ChatDirect {
  id: number;
  visible: boolean;
  enabled: boolean;
  slowModeSeconds: number;
  membersOnly: boolean;
  pinnedId: number | null;
}

const chatDirectColumns = (viewer: Viewer) => ({
  id: directs.id,
  visible: sql<boolean>`${visibleDirect(viewer)}`.mapWith(Boolean),
  enabled: directs.chatEnabled,
  slowModeSeconds: directs.chatSlowSeconds,
  membersOnly: directs.chatMembersOnly,
  pinnedId: directs.chatPinnedId,
});

export const findChatDirect = async (
  db: Executor,
  viewer: Viewer,
  id: number,
): Promise<ChatDirect | undefined> =>
  (await db.select(chatDirectColumns(viewer)).from(directs).where(eq(directs.id, id)))[0];

/**
 * The same, its row locked until the transaction ends: a direct's messages are written one
 * at a time, so their ids follow the order they are committed in (a reader resuming after an
 * id misses none), and slow mode is checked against the last one for sure.
 */
export const lockChatDirect = async (db: Executor, viewer: Viewer, id: number) =>
  (
    await db.select(chatDirectColumns(viewer)).from(directs).where(eq(directs.id, id)).for('update')
  )[0];

const messageColumns = {
  id: chatMessages.id,
  userId: chatMessages.userId,
  username: chatMessages.username,
  role: chatMessages.role,
  body: chatMessages.body,
  sentAt: chatMessages.sentAt,
  recordingMs: chatMessages.recordingMs,
};

type MessageRow = {
  id: number;
  userId: number | null;
  username: string;
  role: string;
  body: string;
  sentAt: Date | string;
  recordingMs: number | null;
};

export const toChatMessage = (row: MessageRow): ChatMessage => ({
  id: Number(row.id),
  authorId: row.userId,
  author: row.username,
  authorIsMember: row.role === 'plateau' || row.role === 'geek',
  body: row.body,
  sentAt: new Date(row.sentAt).toISOString(),
  recordingSeconds: row.recordingMs === null ? null : Number(row.recordingMs) / 1000,
});

const shown = (directId: number) =>
  and(eq(chatMessages.directId, directId), isNull(chatMessages.deletedAt));

/** The last `limit` messages before `before` (all when absent), oldest first. */
export const listMessages = async (
  db: Executor,
  directId: number,
  limit: number,
  before?: number,
) => {
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .where(and(shown(directId), before === undefined ? undefined : lt(chatMessages.id, before)))
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
  return {
    messages: rows.slice(0, limit).reverse().map(toChatMessage),
    hasOlder: rows.length > limit,
  };
};

/** Messages after `after`, oldest first (a stream's catch-up, and each process's fan-out). */
export const messagesAfter = async (db: Executor, directId: number, after: number, limit: number) =>
  (
    await db
      .select(messageColumns)
      .from(chatMessages)
      .where(and(shown(directId), gt(chatMessages.id, after)))
      .orderBy(asc(chatMessages.id))
      .limit(limit)
  ).map(toChatMessage);

/** The newest message's id of a direct (0 without any): where a new stream starts. */
export const lastMessageId = async (db: Executor, directId: number) =>
  Number(
    (
      await db
        .select({ id: sql<number>`coalesce(max(${chatMessages.id}), 0)` })
        .from(chatMessages)
        .where(eq(chatMessages.directId, directId))
    )[0]?.id ?? 0,
  );

export const findMessage = async (db: Executor, directId: number, id: number) =>
  (
    await db
      .select(messageColumns)
      .from(chatMessages)
      .where(and(shown(directId), eq(chatMessages.id, id)))
  )[0];

/** When this account last wrote in this direct (slow mode). */
export const lastSentBy = async (db: Executor, directId: number, userId: number) =>
  (
    await db
      .select({ sentAt: chatMessages.sentAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.directId, directId), eq(chatMessages.userId, userId)))
      .orderBy(desc(chatMessages.id))
      .limit(1)
  )[0]?.sentAt;

/**
 * The direct's live on the air, if any, and how far into its recording now is: the parts
 * before plus this part so far (a reconnecting live is at the cut).
 */
export const recordingNow = async (db: Executor, directId: number) =>
  (
    await db
      .select({
        liveId: lives.id,
        ms: sql<number>`(${lives.airMs} + case when ${lives.state} = 'live'
          then greatest(0, extract(epoch from (now() - ${lives.partStartedAt})) * 1000)::bigint
          else 0 end)`.mapWith(Number),
      })
      .from(lives)
      .where(and(eq(lives.directId, directId), inArray(lives.state, ['live', 'reconnecting'])))
  )[0];

export const insertMessage = async (
  db: Executor,
  values: typeof chatMessages.$inferInsert,
): Promise<ChatMessage> =>
  toChatMessage((await db.insert(chatMessages).values(values).returning(messageColumns))[0]!);

export const markDeleted = async (db: Executor, directId: number, id: number) =>
  (
    await db
      .update(chatMessages)
      .set({ deletedAt: sql`now()` })
      .where(and(shown(directId), eq(chatMessages.id, id)))
      .returning(messageColumns)
  )[0];

export const deleteConversation = async (db: Executor, directId: number) => {
  await db.delete(chatMessages).where(eq(chatMessages.directId, directId));
  await db.delete(chatMutes).where(eq(chatMutes.directId, directId));
  await db.update(directs).set({ chatPinnedId: null }).where(eq(directs.id, directId));
};

export const updateChatSwitches = async (
  db: Executor,
  directId: number,
  set: Partial<{
    chatEnabled: boolean;
    chatSlowSeconds: number;
    chatMembersOnly: boolean;
    chatPinnedId: number | null;
  }>,
) => {
  if (Object.keys(set).length > 0) {
    await db.update(directs).set(set).where(eq(directs.id, directId));
  }
};

/** The mutes of a direct still running (`until` null: the rest of the direct). */
export const activeMutes = async (db: Executor, directId: number) =>
  db
    .select({ userId: chatMutes.userId, until: chatMutes.until })
    .from(chatMutes)
    .where(
      and(
        eq(chatMutes.directId, directId),
        sql`(${chatMutes.until} is null or ${chatMutes.until} > now())`,
      ),
    );

export const upsertMute = async (
  db: Executor,
  directId: number,
  userId: number,
  until: Date | null,
) => {
  await db
    .insert(chatMutes)
    .values({ directId, userId, until })
    .onConflictDoUpdate({ target: [chatMutes.directId, chatMutes.userId], set: { until } });
};

export const deleteMute = async (db: Executor, directId: number, userId: number) =>
  (
    await db
      .delete(chatMutes)
      .where(and(eq(chatMutes.directId, directId), eq(chatMutes.userId, userId)))
      .returning({ userId: chatMutes.userId })
  ).length > 0;

export const listModeration = async (db: Executor, directId: number): Promise<ChatModeration[]> =>
  (
    await db
      .select({
        at: chatModeration.at,
        moderator: chatModeration.moderator,
        action: chatModeration.action,
        detail: chatModeration.detail,
      })
      .from(chatModeration)
      .where(eq(chatModeration.directId, directId))
      .orderBy(desc(chatModeration.id))
      .limit(1000)
  ).map((row) => ({ ...row, at: new Date(row.at).toISOString() }));

/** Every message of a direct, deleted ones included (the geeks' CSV export). */
export const exportMessages = async (db: Executor, directId: number) =>
  db
    .select({ ...messageColumns, deletedAt: chatMessages.deletedAt })
    .from(chatMessages)
    .where(eq(chatMessages.directId, directId))
    .orderBy(asc(chatMessages.id));

export const readForbiddenWords = async (db: Executor): Promise<string[]> =>
  (
    await db.select({ words: settings.chatForbiddenWords }).from(settings).where(eq(settings.id, 1))
  )[0]?.words ?? [];

export const writeForbiddenWords = async (db: Executor, words: string[]) => {
  await db.update(settings).set({ chatForbiddenWords: words }).where(eq(settings.id, 1));
};

/** An account's name (a mute's log line names whom it was for). */
export const findUserName = async (db: Executor, userId: number) =>
  (await db.select({ username: users.username }).from(users).where(eq(users.id, userId)))[0]
    ?.username;

/** A video, whether this viewer may see it, and its cut (« Revoir le chat »). */
export const findReplayVideo = async (db: Executor, viewer: Viewer, videoId: number) =>
  (
    await db
      .select({
        visible: sql<boolean>`${visibleVideo(viewer)}`.mapWith(Boolean),
        cut: {
          state: videoTrims.state,
          keepMs: videoTrims.keepMs,
          originalKeepMs: videoTrims.originalKeepMs,
          originalBeforeMs: videoTrims.originalBeforeMs,
        },
      })
      .from(videos)
      .leftJoin(videoTrims, eq(videoTrims.videoId, videos.id))
      .where(eq(videos.id, videoId))
  )[0];

/** The messages said on the air of the lives this video is the REDIFF of, in recording order. */
export const replayMessages = async (db: Executor, videoId: number) =>
  (
    await db
      .select(messageColumns)
      .from(chatMessages)
      .innerJoin(lives, eq(lives.id, chatMessages.liveId))
      .where(
        and(
          eq(lives.videoId, videoId),
          isNull(chatMessages.deletedAt),
          isNotNull(chatMessages.recordingMs),
        ),
      )
      .orderBy(asc(chatMessages.recordingMs), asc(chatMessages.id))
  ).map((row) => ({ message: toChatMessage(row), recordingMs: Number(row.recordingMs) }));
