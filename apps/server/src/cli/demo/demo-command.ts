import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, loggerOptions } from '../../app.ts';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import { locateMediaBinaries } from '../../media-tools/binaries.ts';
import { startEncodeWorker } from '../../modules/encoding/encode-worker.ts';
import { ensureAdmin } from '../../modules/users/ensure-admin.ts';
import { countVideos } from '../../modules/videos/videos.repository.ts';
import { createShutdown, handleProcessSignals } from '../../process/graceful-shutdown.ts';
import { startupProblem } from '../../startup.ts';
import { createLocalStorage } from '../../storage/media-storage.ts';
import { createDemoClient } from './demo-client.ts';
import { demoContent } from './demo-content.ts';
import { generateDemoMedia } from './demo-media.ts';
import { seedDemo, type DemoCredentials } from './demo-seed.ts';

export interface DemoOutput {
  out(text: string): void;
  err(text: string): void;
}

/** Thrown for a refusal the person can act on: printed as one line, exit code 1. */
class DemoRefusal extends Error {}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * The geek the demo signs in as: ADMIN_USERNAME/ADMIN_PASSWORD when set; else, on an
 * installation without a geek, `admin` with a password chosen here, created by ensureAdmin
 * exactly as `npm start` would create it.
 */
const geekFor = (config: Config) =>
  config.adminUsername && config.adminPassword
    ? { username: config.adminUsername, password: config.adminPassword, generated: false }
    : { username: 'admin', password: randomBytes(12).toString('base64url'), generated: true };

const accountsTable = (accounts: DemoCredentials[]) => {
  const rows = [
    ['rôle', 'identifiant', 'mot de passe'],
    ...accounts.map((a) => [
      a.role + (a.gdaAccess && a.role !== 'geek' ? ' (GDA)' : ''),
      a.username,
      a.password,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    `  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`.trimEnd(),
  );
};

/**
 * `npm run demo`: boots Plateau in this process as main.ts does (same configuration, DATA_DIR,
 * database, encode worker), listens on a free port of 127.0.0.1, fills the installation through
 * the HTTP API, waits for the encodes, prints the accounts, and stops. Answers the exit code.
 */
export const runDemo = async (config: Config, output: DemoOutput): Promise<number> => {
  const started = Date.now();
  const shutdown = createShutdown({
    info: () => {},
    error: (message, error) => output.err(`${message}: ${String(error)}`),
  });
  let interrupted = false;
  const stopOnSignal = handleProcessSignals(
    {
      onShutdown: shutdown.onShutdown,
      run: (reason) => {
        interrupted = true;
        output.err(
          `Interrompu (${reason}) : l'installation est peut-être à moitié remplie ; videz DATA_DIR (ou la base) pour recommencer.`,
        );
        return shutdown.run(reason);
      },
    },
    {
      log: { info: () => {}, error: (message) => output.err(message) },
      deadlineMs: 60_000,
      exit: (code) => process.exit(code === 0 ? 130 : code),
    },
  );
  try {
    const database = await openDatabase(config);
    shutdown.onShutdown('database', () => database.close());
    await database.migrate();
    const n = await countVideos(database.db);
    if (n > 0) {
      throw new DemoRefusal(
        `Cette installation contient déjà ${n} vidéo(s) : la démo ne remplit qu'une installation vide (DATA_DIR ${config.dataDir}${config.databaseUrl ? ', DATABASE_URL' : ''}).`,
      );
    }
    const binaries = await locateMediaBinaries({
      ffmpegPath: config.ffmpegPath,
      ffprobePath: config.ffprobePath,
    });
    if (!binaries) {
      throw new DemoRefusal(
        'ffmpeg/ffprobe introuvables : installez ffmpeg, ou définissez FFMPEG_PATH et FFPROBE_PATH.',
      );
    }

    const geek = geekFor(config);
    const storage = createLocalStorage(config.mediaDir);
    const jobs = createJobQueue(database, config, { supervise: true, queues: siteQueues });
    shutdown.onShutdown('job queue', () => jobs.stop());
    await jobs.boss();
    const app = await buildApp({
      config,
      database,
      storage,
      // The demo's own output is the console; the server only speaks when something is wrong.
      logger: loggerOptions(process.env.LOG_LEVEL ? config.logLevel : 'warn'),
      extraDeps: { mediaBinaries: binaries, jobs },
    });
    shutdown.onShutdown('HTTP server', () => app.close());
    await ensureAdmin(
      database.db,
      { ...config, adminUsername: geek.username, adminPassword: geek.password },
      app.log,
    );
    const worker = await startEncodeWorker({
      database,
      storage,
      config,
      binaries,
      jobs,
      log: app.log,
    });
    shutdown.onShutdown('encode worker', () => worker.stop());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const client = createDemoClient(`http://127.0.0.1:${port}`);

    try {
      await client.signIn(geek.username, geek.password);
    } catch (error) {
      if ((error as { status?: number }).status !== 401) throw error;
      throw new DemoRefusal(
        geek.generated
          ? "Un compte geek existe déjà : relancez avec ADMIN_USERNAME et ADMIN_PASSWORD d'un compte geek (ou créez-en un : npm run user -- add NOM --role geek --password ...)."
          : `Connexion refusée pour « ${geek.username} » : ADMIN_USERNAME et ADMIN_PASSWORD doivent être ceux d'un compte geek de cette installation.`,
      );
    }

    const workDir = await mkdtemp(path.join(tmpdir(), 'plateau-demo-'));
    shutdown.onShutdown('demo files', () => rm(workDir, { recursive: true, force: true }));
    output.out(
      `Remplissage de Plateau avec la démo (base : ${database.kind === 'pglite' ? `embarquée, dans ${config.dataDir}` : 'PostgreSQL'})`,
    );
    const mediaStart = Date.now();
    const media = await generateDemoMedia(demoContent, workDir, binaries.ffmpeg);
    output.out(`  Clips et images générés avec ffmpeg en ${seconds(mediaStart)}`);
    const result = await seedDemo(client, {
      content: demoContent,
      media,
      geek,
      progress: (line) => output.out(`  ${line}`),
    });

    output.out('');
    output.out(`Démo prête en ${seconds(started)}. Comptes :`);
    const geekLine: DemoCredentials = {
      username: geek.username,
      password: geek.generated ? geek.password : '(ADMIN_PASSWORD)',
      role: 'geek',
      gdaAccess: false,
    };
    for (const line of accountsTable([...result.accounts, geekLine])) output.out(line);
    output.out('');
    output.out('Lancez maintenant `npm start` et ouvrez http://localhost:8080 (ou PUBLIC_URL).');
    return 0;
  } catch (error) {
    if (interrupted) return 130;
    output.err(
      error instanceof DemoRefusal
        ? error.message
        : (startupProblem(error) ?? `La démo a échoué : ${(error as Error).message}`),
    );
    return 1;
  } finally {
    stopOnSignal();
    if (!interrupted) await shutdown.run('demo finished');
  }
};
