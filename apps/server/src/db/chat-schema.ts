import {
  bigserial,
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { directs, lives, users } from './schema.ts';

/**
 * The chat of the direct (issue 36): its messages, who is muted, and what the moderators did.
 * Everything goes with its direct (cascade), and with backups like every table.
 */

/**
 * One message. Ids grow in the order messages are committed within a direct (each insert
 * holds its direct's row lock), so a reader that resumes after id N misses and doubles nothing.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    directId: integer('direct_id')
      .notNull()
      .references(() => directs.id, { onDelete: 'cascade' }),
    /** The author's account (null once deleted; the name stays as it was written). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    /** The author's role when sent: a member's links are clickable. */
    role: text('role').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** The live running when it was sent, and how far into its recording (« Revoir le chat »). */
    liveId: integer('live_id').references(() => lives.id, { onDelete: 'set null' }),
    recordingMs: bigint('recording_ms', { mode: 'number' }),
    /** Removed by a moderator: kept for the log, never sent again. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_messages_direct_idx').on(t.directId, t.id),
    index('chat_messages_user_idx').on(t.directId, t.userId, t.id.desc()),
  ],
);

/** An account muted in a direct's chat: until `until`, or for the rest of the direct (null). */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    directId: integer('direct_id')
      .notNull()
      .references(() => directs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.directId, t.userId] })],
);

/** Every moderation action, with who did it (geeks read it). */
export const chatModeration = pgTable(
  'chat_moderation',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    directId: integer('direct_id')
      .notNull()
      .references(() => directs.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    moderator: text('moderator').notNull(),
    action: text('action').notNull(),
    detail: text('detail').notNull().default(''),
  },
  (t) => [index('chat_moderation_direct_idx').on(t.directId, t.id.desc())],
);
