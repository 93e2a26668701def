import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Role, User } from '@plateau/contract';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** Everything but the password hash, which never leaves this module. */
const columns = {
  id: users.id,
  username: users.username,
  role: users.role,
  gdaAccess: users.gdaAccess,
  ssoSubject: users.ssoSubject,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

type UserRow = {
  id: number;
  username: string;
  role: string;
  gdaAccess: boolean;
  ssoSubject: string | null;
  hasPassword: boolean;
  createdAt: Date | string;
  lastLoginAt: Date | string | null;
};

const toUser = (row: UserRow): User => ({
  id: row.id,
  username: row.username,
  role: row.role as Role,
  gdaAccess: row.gdaAccess,
  sso: row.ssoSubject !== null,
  ssoSubject: row.ssoSubject,
  hasPassword: row.hasPassword,
  createdAt: new Date(row.createdAt).toISOString(),
  lastLoginAt: row.lastLoginAt === null ? null : new Date(row.lastLoginAt).toISOString(),
});

const byUsername = sql`lower(${users.username})`;

export const listUsers = async (db: Executor, limit: number, offset: number) =>
  (
    await db
      .select(columns)
      .from(users)
      .orderBy(asc(byUsername), asc(users.id))
      .limit(limit)
      .offset(offset)
  ).map(toUser);

export const countUsers = async (db: Executor) =>
  (await db.select({ n: count() }).from(users))[0]?.n ?? 0;

export const findUser = async (db: Executor, id: number) => {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id));
  return row && toUser(row);
};

export const findUserByUsername = async (db: Executor, username: string) => {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(sql`${byUsername} = lower(${username})`);
  return row && toUser(row);
};

/** Undefined when the username is taken (in any case). */
export const insertUser = async (
  db: Executor,
  values: { username: string; passwordHash: string; role: Role; gdaAccess: boolean },
) => {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning(columns);
  return row && toUser(row);
};

/** `revokeTokens` bumps the token version: every token signed before stops working. */
export const updateUser = async (
  db: Executor,
  id: number,
  values: Partial<{ username: string; passwordHash: string; role: Role; gdaAccess: boolean }>,
  { revokeTokens = false } = {},
) => {
  const [row] = await db
    .update(users)
    .set({ ...values, ...(revokeTokens && { tokenVersion: sql`${users.tokenVersion} + 1` }) })
    .where(eq(users.id, id))
    .returning(columns);
  return row && toUser(row);
};

/** The account linked to this single sign-on identity, if any. */
export const findUserByIdentity = async (db: Executor, issuer: string, subject: string) => {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.ssoIssuer, issuer), eq(users.ssoSubject, subject)));
  return row && toUser(row);
};

/**
 * Links the account to an identity (both null: unlinks it). Unlinking revokes the tokens signed
 * before, as a password change does: the person may have signed in through it.
 */
export const setIdentity = async (
  db: Executor,
  id: number,
  identity: { issuer: string; subject: string } | null,
) => {
  const [row] = await db
    .update(users)
    .set({
      ssoIssuer: identity?.issuer ?? null,
      ssoSubject: identity?.subject ?? null,
      ...(identity === null && { tokenVersion: sql`${users.tokenVersion} + 1` }),
    })
    .where(eq(users.id, id))
    .returning(columns);
  return row && toUser(row);
};

/**
 * Locks every geek row, in id order so concurrent callers cannot deadlock: a transaction that
 * then removes or demotes a geek knows no other one is doing the same.
 */
export const lockGeeks = async (db: Executor) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'geek'))
      .orderBy(asc(users.id))
      .for('update')
  ).map((row) => row.id);

/**
 * Deletes the account. Its likes go first so each liked video's likeCount drops by one;
 * history, library entries and playlists follow by cascade; its videos keep living with no author.
 */
export const deleteUser = async (db: Executor, id: number) => {
  await db.execute(sql`
    with gone as (delete from likes where user_id = ${id} returning video_id)
    update videos set like_count = like_count - 1 from gone where videos.id = gone.video_id`);
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
};

/** Whether any geek account exists (a fresh install has none). */
export const hasGeek = async (db: Executor): Promise<boolean> => {
  const [geek] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'geek'))
    .limit(1);
  return geek !== undefined;
};

/**
 * Creates the geek `username`; an existing account of that name becomes the geek, with this
 * password: like any password change, that revokes the tokens it held.
 */
export const upsertGeek = async (db: Executor, username: string, passwordHash: string) => {
  await db.execute(sql`
    insert into users (username, password_hash, role) values (${username}, ${passwordHash}, 'geek')
    on conflict ((lower(username))) do update set role = 'geek',
      password_hash = excluded.password_hash, token_version = users.token_version + 1`);
};
