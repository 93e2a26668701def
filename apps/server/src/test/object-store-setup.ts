import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

/** The real S3-compatible store the `server-s3` tests talk to, or null when it is absent. */
export interface ObjectStore {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../scripts/object-store.mjs',
);
const run = promisify(execFile);
/** The script's exit code when Swift's binaries are not installed. */
const NOT_INSTALLED = 3;

/**
 * Starts OpenStack Swift once for the run (scripts/object-store.mjs; its directory and port
 * follow PLATEAU_OBJECT_STORE_DIR and PLATEAU_OBJECT_STORE_PORT), and stops it afterwards
 * unless it was already running. Without Swift the S3 tests are skipped on a developer's
 * machine, and the run fails in CI (CI or TEST_DATABASE_URL set, as .ci/run does).
 */
export default async function setup(project: TestProject) {
  const inCi = Boolean(process.env.CI || process.env.TEST_DATABASE_URL);
  let output: string;
  try {
    ({ stdout: output } = await run(process.execPath, [script, 'start', '--json'], {
      timeout: 120_000,
    }));
  } catch (error) {
    const failure = error as { code?: number; stderr?: string; message: string };
    const reason = failure.stderr?.trim() || failure.message;
    if (failure.code !== NOT_INSTALLED || inCi) {
      throw new Error(`The object store for the S3 tests did not start: ${reason}`);
    }
    console.warn(`\nS3 tests SKIPPED: ${reason.replace(/^object store: /, '')}\n`);
    project.provide('objectStore', null);
    return;
  }
  const store = JSON.parse(output) as ObjectStore & { started: boolean };
  project.provide('objectStore', {
    endpoint: store.endpoint,
    region: store.region,
    accessKeyId: store.accessKeyId,
    secretAccessKey: store.secretAccessKey,
  });
  return async () => {
    if (store.started) await run(process.execPath, [script, 'stop'], { timeout: 30_000 });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    objectStore: ObjectStore | null;
  }
}
