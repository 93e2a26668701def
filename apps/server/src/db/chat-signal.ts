import { sql } from 'drizzle-orm';
import type { SignedInViewer } from '../access/viewer.ts';
import { chatModeration } from './chat-schema.ts';
import type { Executor } from './client.ts';

/**
 * What tells every process of the site that a direct's chat changed: a NOTIFY, delivered once
 * its transaction commits (PostgreSQL's LISTEN, or PGlite's within the one process). The chat
 * module listens; the directs module also signals when a geek opens or closes a chat.
 */
export const CHAT_CHANNEL = 'plateau_chat';

export interface ChatSignal {
  directId: number;
  /** message: new messages to read; deleted: `id` removed; state: switches; cleared: all gone. */
  kind: 'message' | 'deleted' | 'state' | 'cleared';
  id?: number;
}

export const signalChat = async (db: Executor, signal: ChatSignal) => {
  await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(signal)})`);
};

/** One line of a direct's moderation log. */
export const logChatAction = async (
  db: Executor,
  directId: number,
  moderator: SignedInViewer,
  action: string,
  detail = '',
) => {
  await db.insert(chatModeration).values({
    directId,
    moderatorId: moderator.userId,
    moderator: moderator.username,
    action,
    detail,
  });
};
