import { eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@plateau/contract';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export interface Credentials {
  id: number;
  username: string;
  role: Role;
  gdaAccess: boolean;
  /** Null for an account that signs in through single sign-on only. */
  passwordHash: string | null;
  tokenVersion: number;
}

/** Usernames are unique regardless of case, so sign-in ignores case too. */
export const findCredentials = async (
  db: Executor,
  username: string,
): Promise<Credentials | undefined> => {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      gdaAccess: users.gdaAccess,
      passwordHash: users.passwordHash,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row && { ...row, role: row.role as Role };
};

export const touchLastLogin = (db: Executor, id: number) =>
  db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, id));

/** The account as it is now, as each request carrying a token reads it. */
export interface SessionAccount {
  username: string;
  role: Role;
  gdaAccess: boolean;
  tokenVersion: number;
}

const sessionColumns = {
  username: users.username,
  role: users.role,
  gdaAccess: users.gdaAccess,
  tokenVersion: users.tokenVersion,
};

const prepareSessionAccount = (db: Executor) =>
  db
    .select(sessionColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('session_account');
const sessionAccountStatements = new WeakMap<Executor, ReturnType<typeof prepareSessionAccount>>();

/**
 * One primary-key lookup, made on every request that carries a token: prepared once per
 * database (drizzle builds its text once; PostgreSQL plans it once per connection), as it is
 * the statement Plateau sends most, up to every heartbeat of every signed-in viewer.
 */
export const findSessionAccount = async (
  db: Executor,
  id: number,
): Promise<SessionAccount | undefined> => {
  let statement = sessionAccountStatements.get(db);
  if (!statement) {
    statement = prepareSessionAccount(db);
    sessionAccountStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row && { ...row, role: row.role as Role };
};

/** Many accounts as they are now, in one query: long-lived streams check their tokens together. */
export const findSessionAccounts = async (
  db: Executor,
  ids: number[],
): Promise<Map<number, SessionAccount>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, ...sessionColumns })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map(({ id, ...row }) => [id, { ...row, role: row.role as Role }]));
};
