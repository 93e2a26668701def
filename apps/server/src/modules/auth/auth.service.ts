import type { Database } from '../../db/client.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { decoyHash, verifyPassword } from '../../lib/passwords.ts';
import * as repository from './auth.repository.ts';
import { signToken, type TokenKeys } from './token.ts';

export const missingCredentialsMessage = 'Veuillez renseigner un identifiant et un mot de passe';
export const wrongCredentialsMessage = 'Identifiants incorrects';

export const createAuthService = (db: Database, keys: TokenKeys) => ({
  /** Checks a username and password and answers a signed token for that account. */
  async login(username: string | undefined, password: string | undefined): Promise<string> {
    if (!username?.trim() || !password) throw badRequest(missingCredentialsMessage);
    const account = await repository.findCredentials(db, username.trim());
    // Unknown names and single-sign-on-only accounts cost one argon2 check like the others,
    // so response time does not tell which usernames exist.
    const valid = await verifyPassword(account?.passwordHash ?? (await decoyHash), password);
    if (!account || account.passwordHash === null || !valid) {
      throw unauthorized(wrongCredentialsMessage);
    }
    await repository.touchLastLogin(db, account.id);
    return signToken(keys, {
      userId: account.id,
      role: account.role,
      username: account.username,
      gdaAccess: account.gdaAccess,
      tokenVersion: account.tokenVersion,
    });
  },
});
