import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/test-run/longest-first-sequencer.ts';

/** Server tests that need the real object store: the `server-s3` project runs them, once. */
const objectStoreTests = [
  'src/storage/s3-*.test.ts',
  'src/media-serving/s3-*.test.ts',
  'src/backup/s3-*.test.ts',
  'src/process/s3-*.test.ts',
  'src/modules/live/s3-*.test.ts',
  'src/modules/media/s3-*.test.ts',
  'src/modules/media-move/s3-*.test.ts',
];

/**
 * The media suite (uploads, encodes, serving, access, manifests, captions), run a second time
 * by `server-s3` with every medium in the bucket, as the database tests run on both databases.
 */
const mediaSuite: string[] = [
  'src/modules/media/media-send.test.ts',
  'src/modules/media/media-access.test.ts',
  'src/modules/media/media-stream-cache.test.ts',
  'src/modules/media/storyboard.test.ts',
  'src/modules/media/captions.test.ts',
  'src/modules/media/trims.test.ts',
  'src/modules/media/trims-recovery.test.ts',
  'src/modules/media/hls-captions.test.ts',
  'src/modules/media/resumable-uploads.test.ts',
  'src/modules/media/resumable-uploads-finish.test.ts',
  'src/modules/media/resumable-uploads-s3.test.ts',
  'src/modules/media/media-upload.test.ts',
  'src/modules/media/media-limits.test.ts',
  'src/modules/media/upload-room.test.ts',
  'src/modules/media/media-upload-store-down.test.ts',
  'src/modules/media/resumable-uploads-s3-crash.test.ts',
  'src/modules/live/live-broadcast.test.ts',
];

const serverProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${kind}`,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...objectStoreTests],
    env: { PLATEAU_TEST_DB: kind },
    globalSetup: ['./src/test/global-setup.ts'],
    pool: 'forks' as const,
    // File after file in one process per worker: every file builds its own app, database and
    // data folder (useTestApp), and the server's modules are imported once, not per file
    // (measured in bench/README.md, "The test suite's time").
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

/**
 * Tests against a real S3-compatible store: OpenStack Swift from Debian's packages, started
 * once per run by this project's setup (scripts/object-store.mjs) only when one of its files
 * runs. Without Swift they are skipped on a developer's machine and fail in CI.
 */
const objectStoreProject = {
  test: {
    name: 'server-s3',
    root: './apps/server',
    include: [...objectStoreTests, ...mediaSuite],
    // The SDK warns once per process that its releases after January 2027 need Node 22: the
    // pinned 3.11xx versions (DESIGN.md) are the ones that run on Node 20.
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      PLATEAU_TEST_DB: 'pglite',
      PLATEAU_TEST_MEDIA: 's3',
    },
    globalSetup: ['./src/test/global-setup.ts', './src/test/object-store-setup.ts'],
    pool: 'forks' as const,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};

/** Real browser tests: Debian's Chromium against the real app, on a PGlite test database. */
const e2eProject = {
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    env: { PLATEAU_TEST_DB: 'pglite' },
    isolate: false,
    // The server's setup provides the migrated test database; ours builds the web app, then
    // starts one Plateau filled with encoded content for every browser test of the run.
    globalSetup: [
      './apps/server/src/test/global-setup.ts',
      './e2e/global-setup.ts',
      './e2e/support/plateau-setup.ts',
    ],
    pool: 'forks' as const,
    // A browser test shares the 2 cores with encoders and two other files: in a full run, a
    // file takes about 5 times as long as alone (player.test.ts 263 s against 50 s), and a test
    // that looks at its screen (screenshots and axe at two sizes, per look) 10 s alone, over 60.
    testTimeout: 120_000,
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
    isolate: false,
    // Nothing here waits on time, but each user action re-renders MUI forms in React's
    // development build under jsdom, whose getComputedStyle walks every emotion rule (MUI's
    // TextareaAutosize asks on each render, user-event and Testing Library on each query), and
    // the first test of a file also imports MUI and its lazy page. Measured on these shared
    // 2-core machines (whole web project, 2 workers): slowest test 7.5 s, 7 over 5 s, 19 over 3 s;
    // in a full run beside encoders and browsers, up to 5 times that (the edit form once: 20 s).
    testTimeout: 60_000,
  },
};

export default defineConfig({
  test: {
    // Three files at once on two cores: tests wait on encoders, players and browsers (two
    // workers kept 1.27 cores busy); a fourth left no idle CPU and live tests lost their timing.
    maxWorkers: 3,
    // Every project's files in one queue, longest first (measured times: scripts/test-run/).
    sequence: { sequencer: LongestFirstSequencer },
    // The run's wall time, each project's and the slowest files, printed at the end.
    reporters: ['default', './scripts/test-run/timings-reporter.ts'],
    projects: [
      serverProject('pglite'),
      // CI sets TEST_DATABASE_URL: every server test then runs on PostgreSQL as well.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      objectStoreProject,
      e2eProject,
      webProject,
      // `npm start` as a real process: builds what is stale, serves, stops on SIGTERM (once).
      {
        test: {
          name: 'npm-start',
          root: '.',
          // And the test run's own order (scripts/test-run/).
          include: ['scripts/*.test.ts', 'scripts/test-run/*.test.ts'],
          testTimeout: 300_000,
        },
      },
    ],
  },
});
