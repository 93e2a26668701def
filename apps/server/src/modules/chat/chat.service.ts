import {
  CHAT_BURST,
  CHAT_HISTORY_PAGE,
  CHAT_MUTE_MINUTES,
  CHAT_REFILL_SECONDS,
  chatMessages,
  fieldLimits,
  type ChatMessage,
  type ChatMuteBody,
  type ChatPage,
  type ChatSettingsBody,
  type ChatState,
} from '@plateau/contract';
import { requireGeek, requireMember } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import { isMember, type SignedInViewer, type Viewer } from '../../access/viewer.ts';
import { logChatAction, signalChat } from '../../db/chat-signal.ts';
import type { Database, Executor } from '../../db/client.ts';
import {
  badRequest,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../lib/errors.ts';
import { createTokenBucket } from '../../lib/token-bucket.ts';
import { cleanMessage, forbiddenWordMatcher, isTooLong } from './chat-text.ts';
import { chatCsv } from './chat-csv.ts';
import { CHAT_DELIVERY_PAGE } from './chat-hub.ts';
import * as repository from './chat.repository.ts';

type Mute = { userId: number; until: Date | string | null };

/** A reader's ChatState from the direct's switches, its running mutes and its pinned message. */
const stateOf = (
  direct: repository.ChatDirect,
  mutes: Mute[],
  pinned: ChatMessage | null,
  viewer: Viewer,
): ChatState => {
  const mute = viewer && mutes.find((m) => m.userId === viewer.userId);
  return {
    enabled: direct.enabled,
    slowModeSeconds: direct.slowModeSeconds,
    membersOnly: direct.membersOnly,
    pinned,
    ...(mute && { mutedUntil: mute.until === null ? null : new Date(mute.until).toISOString() }),
    canWrite:
      direct.enabled && viewer !== null && !mute && (!direct.membersOnly || isMember(viewer)),
    canModerate: isMember(viewer),
  };
};

export const createChatService = ({ db, now = Date.now }: { db: Database; now?: () => number }) => {
  const flood = createTokenBucket({ burst: CHAT_BURST, everySeconds: CHAT_REFILL_SECONDS, now });

  /** The direct as this viewer may see it: 404, or 401/403 when hidden. */
  const visibleChat = async (tx: Executor, viewer: Viewer, directId: number, lock = false) =>
    requireVisible(
      await (lock ? repository.lockChatDirect : repository.findChatDirect)(tx, viewer, directId),
      viewer,
      notFoundMessage.direct,
    );

  const pinnedOf = async (tx: Executor, direct: repository.ChatDirect) => {
    if (direct.pinnedId === null) return null;
    const row = await repository.findMessage(tx, direct.id, direct.pinnedId);
    return row ? repository.toChatMessage(row) : null;
  };

  const statesFor = async (
    directId: number,
    viewers: Viewer[],
  ): Promise<ChatState[] | undefined> => {
    const direct = await repository.findChatDirect(db, null, directId);
    if (!direct) return undefined;
    const [mutes, pinned] = await Promise.all([
      repository.activeMutes(db, directId),
      pinnedOf(db, direct),
    ]);
    return viewers.map((viewer) => stateOf(direct, mutes, pinned, viewer));
  };

  /** A moderator's change: the switches, the log line, and every reader told. */
  const moderate = async (
    viewer: Viewer,
    directId: number,
    change: (
      tx: Executor,
      moderator: SignedInViewer,
      direct: repository.ChatDirect,
    ) => Promise<void>,
  ) => {
    const moderator = requireMember(viewer);
    await db.transaction(async (tx) => {
      const direct = await visibleChat(tx, moderator, directId, true);
      await change(tx, moderator, direct);
    });
  };

  return {
    statesFor,
    messagesAfter: (directId: number, after: number) =>
      repository.messagesAfter(db, directId, after, CHAT_DELIVERY_PAGE),
    lastMessageId: (directId: number) => repository.lastMessageId(db, directId),

    /** Opening a stream: the direct exists and this viewer may watch it. */
    async mayRead(viewer: Viewer, directId: number) {
      await visibleChat(db, viewer, directId);
    },

    async page(viewer: Viewer, directId: number, before?: number): Promise<ChatPage> {
      const direct = await visibleChat(db, viewer, directId);
      const [mutes, pinned, list] = await Promise.all([
        repository.activeMutes(db, directId),
        pinnedOf(db, direct),
        repository.listMessages(db, directId, CHAT_HISTORY_PAGE, before),
      ]);
      return { state: stateOf(direct, mutes, pinned, viewer), ...list };
    },

    async post(viewer: Viewer, directId: number, raw: string): Promise<ChatMessage> {
      if (viewer === null) throw unauthorized(chatMessages.signIn);
      const body = cleanMessage(raw);
      if (body === '') throw badRequest(chatMessages.empty);
      if (isTooLong(body)) throw badRequest(chatMessages.tooLong(fieldLimits.chatMessage));
      const wait = flood.take(`user:${viewer.userId}`);
      if (wait > 0) throw tooManyRequests(chatMessages.flood(wait), wait);
      if (forbiddenWordMatcher(await repository.readForbiddenWords(db))(body)) {
        throw badRequest(chatMessages.forbiddenWord);
      }
      return db.transaction(async (tx) => {
        const direct = await visibleChat(tx, viewer, directId, true);
        if (!direct.enabled) throw forbidden(chatMessages.off);
        if (direct.membersOnly && !isMember(viewer)) throw forbidden(chatMessages.membersOnly);
        const mutes = await repository.activeMutes(tx, directId);
        if (mutes.some((mute) => mute.userId === viewer.userId)) {
          throw forbidden(chatMessages.muted);
        }
        if (direct.slowModeSeconds > 0 && !isMember(viewer)) {
          const last = await repository.lastSentBy(tx, directId, viewer.userId);
          const elapsed = last ? (now() - new Date(last).getTime()) / 1000 : Infinity;
          const left = Math.ceil(direct.slowModeSeconds - elapsed);
          if (left > 0) throw tooManyRequests(chatMessages.slowMode(left), left);
        }
        const recording = await repository.recordingNow(tx, directId);
        const message = await repository.insertMessage(tx, {
          directId,
          userId: viewer.userId,
          username: viewer.username,
          role: viewer.role,
          body,
          sentAt: new Date(now()),
          liveId: recording?.liveId ?? null,
          recordingMs: recording?.ms ?? null,
        });
        await signalChat(tx, { directId, kind: 'message', id: message.id });
        return message;
      });
    },

    remove(viewer: Viewer, directId: number, messageId: number) {
      return moderate(viewer, directId, async (tx, moderator, direct) => {
        const removed = await repository.markDeleted(tx, directId, messageId);
        if (!removed) throw notFound('Message introuvable');
        if (direct.pinnedId === messageId) {
          await repository.updateChatSwitches(tx, directId, { chatPinnedId: null });
          await signalChat(tx, { directId, kind: 'state' });
        }
        await logChatAction(
          tx,
          directId,
          moderator,
          'delete',
          `${removed.username} : ${removed.body}`,
        );
        await signalChat(tx, { directId, kind: 'deleted', id: messageId });
      });
    },

    async settings(viewer: Viewer, directId: number, body: ChatSettingsBody): Promise<ChatState> {
      if (body.enabled !== undefined) requireGeek(viewer);
      await moderate(viewer, directId, async (tx, moderator, direct) => {
        const lines: [string, string][] = [];
        if (body.enabled !== undefined && body.enabled !== direct.enabled) {
          lines.push([body.enabled ? 'enable' : 'disable', '']);
        }
        if (body.slowModeSeconds !== undefined && body.slowModeSeconds !== direct.slowModeSeconds) {
          lines.push(['slow-mode', `${body.slowModeSeconds} s`]);
        }
        if (body.membersOnly !== undefined && body.membersOnly !== direct.membersOnly) {
          lines.push(['members-only', body.membersOnly ? 'oui' : 'non']);
        }
        if (body.pinnedId !== undefined && body.pinnedId !== direct.pinnedId) {
          if (body.pinnedId === null) lines.push(['unpin', '']);
          else {
            const message = await repository.findMessage(tx, directId, body.pinnedId);
            if (!message) throw notFound('Message introuvable');
            lines.push(['pin', `${message.username} : ${message.body}`]);
          }
        }
        await repository.updateChatSwitches(tx, directId, {
          ...(body.enabled !== undefined && { chatEnabled: body.enabled }),
          ...(body.slowModeSeconds !== undefined && { chatSlowSeconds: body.slowModeSeconds }),
          ...(body.membersOnly !== undefined && { chatMembersOnly: body.membersOnly }),
          ...(body.pinnedId !== undefined && { chatPinnedId: body.pinnedId }),
        });
        for (const [action, detail] of lines) {
          await logChatAction(tx, directId, moderator, action, detail);
        }
        if (lines.length > 0) await signalChat(tx, { directId, kind: 'state' });
      });
      return (await statesFor(directId, [viewer]))![0]!;
    },

    mute(viewer: Viewer, directId: number, { userId, duration }: ChatMuteBody) {
      return moderate(viewer, directId, async (tx, moderator) => {
        const username = await repository.findUserName(tx, userId);
        if (username === undefined) throw notFound('Compte introuvable');
        const until = duration === 'minutes' ? new Date(now() + CHAT_MUTE_MINUTES * 60_000) : null;
        await repository.upsertMute(tx, directId, userId, until);
        const detail = `${username} : ${until ? `${CHAT_MUTE_MINUTES} min` : 'reste du direct'}`;
        await logChatAction(tx, directId, moderator, 'mute', detail);
        await signalChat(tx, { directId, kind: 'state' });
      });
    },

    unmute(viewer: Viewer, directId: number, userId: number) {
      return moderate(viewer, directId, async (tx, moderator) => {
        if (!(await repository.deleteMute(tx, directId, userId))) {
          throw notFound("Ce compte n'est pas rendu muet");
        }
        const username = (await repository.findUserName(tx, userId)) ?? String(userId);
        await logChatAction(tx, directId, moderator, 'unmute', username);
        await signalChat(tx, { directId, kind: 'state' });
      });
    },

    async moderation(viewer: Viewer, directId: number) {
      requireGeek(viewer);
      await visibleChat(db, viewer, directId);
      return { actions: await repository.listModeration(db, directId) };
    },

    async exportCsv(viewer: Viewer, directId: number) {
      requireGeek(viewer);
      await visibleChat(db, viewer, directId);
      return chatCsv(await repository.exportMessages(db, directId));
    },

    clear(viewer: Viewer, directId: number) {
      requireGeek(viewer);
      return moderate(viewer, directId, async (tx, moderator) => {
        await repository.deleteConversation(tx, directId);
        await logChatAction(tx, directId, moderator, 'clear');
        await signalChat(tx, { directId, kind: 'cleared' });
      });
    },

    async forbiddenWords(viewer: Viewer) {
      requireGeek(viewer);
      return { words: await repository.readForbiddenWords(db) };
    },

    async setForbiddenWords(viewer: Viewer, words: string[]) {
      requireGeek(viewer);
      const kept = [...new Set(words.map((word) => cleanMessage(word)).filter((w) => w !== ''))];
      await repository.writeForbiddenWords(db, kept);
      return { words: kept };
    },
  };
};

export type ChatService = ReturnType<typeof createChatService>;
