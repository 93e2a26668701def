import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';

/**
 * A fresh install needs one geek: ADMIN_USERNAME/ADMIN_PASSWORD when set, else `admin` with a
 * random password shown once on the console (never in the JSON logs).
 */
export const ensureAdmin = async (db: Database, config: Config, log: FastifyBaseLogger) => {
  const [geek] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'geek'))
    .limit(1);
  if (geek) return;
  const username = config.adminUsername ?? 'admin';
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  // An existing account of that name becomes the geek, with the configured password; like any
  // password change, that revokes the tokens it held.
  await db.execute(sql`
    insert into users (username, password_hash, role) values (${username}, ${passwordHash}, 'geek')
    on conflict ((lower(username))) do update set role = 'geek',
      password_hash = excluded.password_hash, token_version = users.token_version + 1`);
  log.info({ username }, 'created the first geek account');
  if (!config.adminPassword) {
    console.log(`\nFirst geek account created: username "${username}", password "${password}"\n`);
  }
};
