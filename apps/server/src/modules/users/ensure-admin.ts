import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import * as repository from './users.repository.ts';

/**
 * A fresh install needs one geek: ADMIN_USERNAME/ADMIN_PASSWORD when set, else `admin` with a
 * random password shown once on the console (never in the JSON logs).
 */
export const ensureAdmin = async (db: Database, config: Config, log: FastifyBaseLogger) => {
  if (await repository.hasGeek(db)) return;
  const username = config.adminUsername ?? 'admin';
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  await repository.upsertGeek(db, username, passwordHash);
  log.info({ username }, 'created the first geek account');
  if (!config.adminPassword) {
    console.log(`\nFirst geek account created: username "${username}", password "${password}"\n`);
  }
};
