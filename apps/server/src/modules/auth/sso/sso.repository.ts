import { and, eq, lt, sql } from 'drizzle-orm';
import type { Role } from '@plateau/contract';
import type { Executor } from '../../../db/client.ts';
import { ssoUsedStates, users } from '../../../db/schema.ts';

/** The account a token is signed for. */
export interface SsoAccount {
  id: number;
  username: string;
  role: Role;
  gdaAccess: boolean;
  tokenVersion: number;
}

const accountColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  gdaAccess: users.gdaAccess,
  tokenVersion: users.tokenVersion,
};

const toAccount = (row: Omit<SsoAccount, 'role'> & { role: string }): SsoAccount => ({
  ...row,
  role: row.role as Role,
});

/** The account linked to this identity; signing in records the time. */
export const signInByIdentity = async (db: Executor, issuer: string, subject: string) => {
  const [row] = await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(and(eq(users.ssoIssuer, issuer), eq(users.ssoSubject, subject)))
    .returning(accountColumns);
  return row && toAccount(row);
};

/** Usernames that are `base` or `base-<anything>`, in any case: where a clash suffix must avoid. */
export const usernamesLike = async (db: Executor, base: string) =>
  (
    await db
      .select({ username: users.username })
      .from(users)
      .where(
        sql`lower(${users.username}) = lower(${base})
          or lower(${users.username}) like lower(${base}) || '-%'`,
      )
  ).map((row) => row.username);

/**
 * A `user` without GDA access nor password, linked to the identity. Undefined when the username
 * or the identity was taken meanwhile (another sign-in at the same moment).
 */
export const insertSsoAccount = async (
  db: Executor,
  values: { username: string; issuer: string; subject: string },
) => {
  const [row] = await db
    .insert(users)
    .values({
      username: values.username,
      role: 'user',
      gdaAccess: false,
      passwordHash: null,
      ssoIssuer: values.issuer,
      ssoSubject: values.subject,
      lastLoginAt: sql`now()`,
    })
    .onConflictDoNothing()
    .returning(accountColumns);
  return row && toAccount(row);
};

/** States are kept one hour: far past the 10-minute life of the cookie that carries them. */
const STATE_MEMORY = sql`now() - interval '1 hour'`;

/**
 * Records a sign-in's state as used; false when it already was (a replay). Old states go at the
 * same time, so the table stays as small as an hour of sign-ins.
 */
export const recordUsedState = async (db: Executor, state: string): Promise<boolean> => {
  await db.delete(ssoUsedStates).where(lt(ssoUsedStates.usedAt, STATE_MEMORY));
  const inserted = await db
    .insert(ssoUsedStates)
    .values({ state })
    .onConflictDoNothing()
    .returning({ state: ssoUsedStates.state });
  return inserted.length === 1;
};
