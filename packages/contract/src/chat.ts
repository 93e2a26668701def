import { Type, type Static } from '@sinclair/typebox';
import {
  CHAT_FORBIDDEN_WORD_LENGTH,
  CHAT_FORBIDDEN_WORDS_MAX,
  CHAT_SLOW_MODE_MAX_SECONDS,
} from './chat-rules.ts';
import { fieldLimits } from './limits.ts';

/** One message of a direct's chat, as every reader gets it. */
export const ChatMessage = Type.Object({
  id: Type.Integer(),
  /** The author's account and username when it was sent (the server's, never the client's). */
  authorId: Type.Union([Type.Integer(), Type.Null()]),
  author: Type.String(),
  /** The author is a member or a geek: their links are clickable, their name marked. */
  authorIsMember: Type.Boolean(),
  body: Type.String(),
  sentAt: Type.String({ format: 'date-time' }),
  /** Seconds into the live's recording when it was sent (« Revoir le chat »), when known. */
  recordingSeconds: Type.Union([Type.Number(), Type.Null()]),
});
export type ChatMessage = Static<typeof ChatMessage>;

/** How a chat runs now: the moderators' switches and the pinned message. */
export const ChatState = Type.Object({
  enabled: Type.Boolean(),
  /** One message every N seconds per account; 0: off. */
  slowModeSeconds: Type.Integer(),
  membersOnly: Type.Boolean(),
  pinned: Type.Union([ChatMessage, Type.Null()]),
  /** The reader's own mute: until when (null: the rest of the direct); absent when not muted. */
  mutedUntil: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  /** The reader may write now (signed in, may watch, not muted, members-only allows). */
  canWrite: Type.Boolean(),
  /** The reader moderates (members and geeks). */
  canModerate: Type.Boolean(),
});
export type ChatState = Static<typeof ChatState>;

/** `GET /directs/:id/chat`: the state and the last messages (oldest first). */
export const ChatPage = Type.Object({
  state: ChatState,
  messages: Type.Array(ChatMessage),
  /** Older messages exist: ask again with `before` the first id. */
  hasOlder: Type.Boolean(),
});
export type ChatPage = Static<typeof ChatPage>;

/** A message of a REDIFF's live, where it falls in the video served now (through its cuts). */
export const ChatReplayMessage = Type.Composite([
  ChatMessage,
  Type.Object({ videoSeconds: Type.Number() }),
]);
export type ChatReplayMessage = Static<typeof ChatReplayMessage>;

/**
 * `GET /videos/:id/chat` (« Revoir le chat »): the chat of the live this video is the REDIFF
 * of, in the order of the video; messages said during a part cut out are left out. Empty for
 * any other video.
 */
export const ChatReplay = Type.Object({ messages: Type.Array(ChatReplayMessage) });
export type ChatReplay = Static<typeof ChatReplay>;

export const ChatPageQuery = Type.Object({
  before: Type.Optional(Type.Integer({ minimum: 1 })),
});

/** `POST /directs/:id/chat`: plain text; control characters and bidi overrides are stripped. */
export const ChatPostBody = Type.Object({
  body: Type.String({ minLength: 1, maxLength: fieldLimits.chatMessage * 2 }),
});
export type ChatPostBody = Static<typeof ChatPostBody>;

/** `PUT /directs/:id/chat/settings` (members and geeks; `enabled` geeks only). */
export const ChatSettingsBody = Type.Object({
  enabled: Type.Optional(Type.Boolean()),
  slowModeSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: CHAT_SLOW_MODE_MAX_SECONDS })),
  membersOnly: Type.Optional(Type.Boolean()),
  /** The pinned message's id, or null to unpin. */
  pinnedId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
});
export type ChatSettingsBody = Static<typeof ChatSettingsBody>;

/** `POST /directs/:id/chat/mutes`: 5 minutes, or the rest of the direct. */
export const ChatMuteBody = Type.Object({
  userId: Type.Integer({ minimum: 1 }),
  duration: Type.Union([Type.Literal('minutes'), Type.Literal('direct')]),
});
export type ChatMuteBody = Static<typeof ChatMuteBody>;

export const ChatMessageParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  messageId: Type.Integer({ minimum: 1 }),
});

export const ChatMuteParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  userId: Type.Integer({ minimum: 1 }),
});

/** One line of the moderation log (geeks). */
export const ChatModeration = Type.Object({
  at: Type.String({ format: 'date-time' }),
  moderator: Type.String(),
  /** delete, mute, unmute, slow-mode, members-only, pin, unpin, enable, disable, clear. */
  action: Type.String(),
  /** Whom or what it was about: a username, a message's text, a number of seconds. */
  detail: Type.String(),
});
export type ChatModeration = Static<typeof ChatModeration>;

export const ChatModerationList = Type.Object({ actions: Type.Array(ChatModeration) });
export type ChatModerationList = Static<typeof ChatModerationList>;

/** `GET/PUT /chatForbiddenWords` (geeks): matched case- and accent-insensitively, as words. */
export const ChatForbiddenWords = Type.Object({
  words: Type.Array(
    Type.String({
      minLength: 1,
      maxLength: CHAT_FORBIDDEN_WORD_LENGTH,
      pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]*\\S[^\\u0000-\\u001f\\u007f-\\u009f]*$',
    }),
    { maxItems: CHAT_FORBIDDEN_WORDS_MAX },
  ),
});
export type ChatForbiddenWords = Static<typeof ChatForbiddenWords>;

/**
 * What `GET /directs/:id/chat/events` (Server-Sent Events, `?token=`) sends. Each `message`
 * event's SSE id is its `id`: a reconnection (`Last-Event-ID`, or `?after=`) resumes after it.
 * - `message`: a new message;
 * - `deleted`: `{ id }` removed by a moderator (gone for everyone);
 * - `state`: the reader's ChatState changed (a switch, a pin, their own mute);
 * - `cleared`: the whole conversation was deleted.
 */
export const chatEventNames = ['message', 'deleted', 'state', 'cleared'] as const;
export type ChatEventName = (typeof chatEventNames)[number];
