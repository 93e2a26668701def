/**
 * `npx tsx bench/sso.bench.ts`: what a single sign-on costs Plateau, next to a password sign-in
 * in the same process. Plateau (embedded PGlite, as `npm start`) and the provider (oidc-provider,
 * in-process on 127.0.0.1) run here; the provider's login page is driven over HTTP and not timed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { createLocalStorage } from '../apps/server/src/storage/media-storage.ts';
import { signInAtProvider, startTestProvider } from '../apps/server/src/test/oidc-provider.ts';

const ROUNDS = Number(process.env.SSO_BENCH_ROUNDS ?? 30);
const PUBLIC_URL = 'http://plateau.bench';

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const row = (name: string, values: number[]) =>
  `| ${name} | ${values.length} | ${quantile(values, 0.5).toFixed(1)} | ${quantile(values, 0.9).toFixed(1)} |`;

const timed = async <T>(into: number[], run: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const result = await run();
  into.push(performance.now() - start);
  return result;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'plateau-sso-bench-'));
const clientSecret = randomBytes(16).toString('hex');
const provider = await startTestProvider([
  { clientId: 'plateau', clientSecret, redirectUri: `${PUBLIC_URL}/auth/callback` },
]);
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  LOGIN_RATE_LIMIT: '10000',
  PUBLIC_URL,
  SSO_ISSUER: provider.issuer,
  SSO_CLIENT_ID: 'plateau',
  SSO_CLIENT_SECRET: clientSecret,
});
const database = await openDatabase(config);
await database.migrate();
const app = await buildApp({
  config,
  database,
  storage: createLocalStorage(config.mediaDir),
  extraDeps: { mediaBinaries: null },
});
await database.db.insert(users).values({
  username: 'membre',
  role: 'plateau',
  passwordHash: await hashPassword('mot-de-passe'),
});

const ok = (status: number, expected: number, what: string) => {
  if (status !== expected) throw new Error(`${what}: ${status}`);
};

/** One sign-in; the redirect and the callback are timed, the provider's page is not. */
const signIn = async (login: string, start: number[], callback: number[]) => {
  const started = await timed(start, () => app.inject({ url: '/api/login/vr' }));
  ok(started.statusCode, 302, 'login/vr');
  const cookie = String(started.headers['set-cookie']).split(';')[0]!;
  const back = await signInAtProvider(String(started.headers.location), login);
  const done = await timed(callback, () =>
    app.inject({ url: `/api/auth/callback${back.search}`, headers: { cookie } }),
  );
  ok(done.statusCode, 200, `callback ${done.body}`);
};

try {
  // Warm-up: discovery, JWKS, JIT.
  for (let i = 0; i < 3; i++) await signIn(`warm-${i}`, [], []);
  const start: number[] = [];
  const first: number[] = [];
  const again: number[] = [];
  const password: number[] = [];
  for (let i = 0; i < ROUNDS; i++) await signIn(`eleve-${i}`, start, first);
  for (let i = 0; i < ROUNDS; i++) await signIn(`eleve-${i}`, [], again);
  for (let i = 0; i < ROUNDS; i++) {
    const response = await timed(password, () =>
      app.inject({
        method: 'POST',
        url: '/api/token',
        payload: { username: 'membre', password: 'mot-de-passe' },
      }),
    );
    ok(response.statusCode, 200, 'token');
  }
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}, ${ROUNDS} rounds`,
  );
  console.log('| request | n | median ms | p90 ms |');
  console.log('|---|---|---|---|');
  console.log(row('GET /api/login/vr', start));
  console.log(row('GET /api/auth/callback, first sign-in (account created)', first));
  console.log(row('GET /api/auth/callback, returning', again));
  console.log(row('POST /api/token (reference: argon2 password check)', password));
} finally {
  await app.close();
  await database.close();
  await provider.close();
  rmSync(dataDir, { recursive: true, force: true });
}
