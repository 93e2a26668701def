import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../scripts/object-store.mjs',
);
const run = promisify(execFile);
/** The script's exit code when Swift's binaries are not installed. */
const NOT_INSTALLED = 3;

export interface E2eObjectStore {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stops the store, unless it was running before `startObjectStore` (then left running). */
  stop(): Promise<void>;
}

/**
 * OpenStack Swift (scripts/object-store.mjs) on its own port and directory, so that a browser
 * file never shares the store the server-s3 project may start or stop meanwhile. Null when
 * Swift is not installed on a developer's machine; in CI (CI or TEST_DATABASE_URL set, as
 * .ci/run does, which installs Swift) that is an error, as in object-store-setup.ts.
 */
export const startObjectStore = async (
  port: number,
  dir: string,
): Promise<E2eObjectStore | null> => {
  const env = {
    ...process.env,
    PLATEAU_OBJECT_STORE_PORT: String(port),
    PLATEAU_OBJECT_STORE_DIR: dir,
  };
  let output: string;
  try {
    ({ stdout: output } = await run(process.execPath, [script, 'start', '--json'], {
      env,
      timeout: 120_000,
    }));
  } catch (error) {
    const failure = error as { code?: number; stderr?: string; message: string };
    const reason = failure.stderr?.trim() || failure.message;
    if (failure.code !== NOT_INSTALLED || process.env.CI || process.env.TEST_DATABASE_URL) {
      throw new Error(`The object store for the browser tests did not start: ${reason}`);
    }
    console.warn(`\nBrowser tests of media in a bucket SKIPPED: ${reason}\n`);
    return null;
  }
  const store = JSON.parse(output) as Omit<E2eObjectStore, 'stop'> & { started: boolean };
  return {
    endpoint: store.endpoint,
    region: store.region,
    accessKeyId: store.accessKeyId,
    secretAccessKey: store.secretAccessKey,
    async stop() {
      if (store.started) await run(process.execPath, [script, 'stop'], { env, timeout: 30_000 });
    },
  };
};
