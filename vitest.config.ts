import { defineConfig } from 'vitest/config';

const serverProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${kind}`,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    env: { PLATEAU_TEST_DB: kind },
    globalSetup: ['./src/test/global-setup.ts'],
    pool: 'forks' as const,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      serverProject('pglite'),
      // CI sets TEST_DATABASE_URL: every server test then runs on PostgreSQL as well.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      // `npm start` as a real process: builds what is stale, serves, stops on SIGTERM (once).
      {
        test: {
          name: 'npm-start',
          root: '.',
          include: ['scripts/*.test.ts'],
          testTimeout: 300_000,
        },
      },
    ],
  },
});
