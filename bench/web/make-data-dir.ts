import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { memberName, prepareDataDir, startServer } from './server.ts';
import { publishWatchVideo } from './watch.ts';

/**
 * `npx tsx bench/web/make-data-dir.ts <dir>`: a demo data dir for `BENCH_DATA_DIR`, with the
 * watch page's 2-minute video already published, so `npm run bench:web` skips the demo and
 * the encode on every run that reuses it.
 */
const target = process.argv[2];
if (!target) throw new Error('usage: npx tsx bench/web/make-data-dir.ts <dir>');
const { dataDir, password } = await prepareDataDir(undefined);
const server = await startServer(dataDir);
try {
  await publishWatchVideo(server.origin, { username: memberName, password });
} finally {
  await server.stop();
}
renameSync(dataDir, path.resolve(target));
rmSync(path.dirname(dataDir), { recursive: true, force: true });
console.error(`Demo data with the watch page's video: ${path.resolve(target)}`);
