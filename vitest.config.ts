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

/** Real browser tests: Debian's Chromium against the real app, on a PGlite test database. */
const e2eProject = {
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    env: { PLATEAU_TEST_DB: 'pglite' },
    // The server's setup provides the migrated test database; ours builds the web app, then
    // starts one Plateau filled with encoded content for every browser test of the run.
    globalSetup: [
      './apps/server/src/test/global-setup.ts',
      './e2e/global-setup.ts',
      './e2e/support/plateau-setup.ts',
    ],
    pool: 'forks' as const,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};

/** Component tests of the web app: jsdom, the network answered by msw. */
const webProject = {
  test: {
    name: 'web',
    root: './apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    // Nothing here waits on time, but each user action re-renders MUI forms in React's
    // development build under jsdom, whose getComputedStyle walks every emotion rule (MUI's
    // TextareaAutosize asks on each render, user-event and Testing Library on each query), and
    // the first test of a file also imports MUI and its lazy page. Measured on these shared
    // 2-core machines (whole web project, 2 workers): slowest test 7.5 s, 7 over 5 s, 19 over 3 s.
    testTimeout: 20_000,
  },
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      serverProject('pglite'),
      // CI sets TEST_DATABASE_URL: every server test then runs on PostgreSQL as well.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      e2eProject,
      webProject,
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
