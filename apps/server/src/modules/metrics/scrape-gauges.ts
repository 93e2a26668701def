import { Counter, Gauge, type Registry } from 'prom-client';
import type { DatabaseHandle, PoolStats } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { encodeQueueCounts } from '../../jobs/encode-queue-counts.repository.ts';
import type { Clock } from '../../lib/ttl-cache.ts';
import { freeBytes } from '../../storage/free-space.ts';
import { measureMediaUsage, type MediaUsage } from '../../storage/media-usage.ts';
import type { ResumableStore } from '../../storage/resumable-store.ts';
import { staleWhileRefreshing } from '../../lib/stale-while-refreshing.ts';

export interface ScrapeSources {
  database: DatabaseHandle;
  jobs: JobQueue;
  resumableStore: Pick<ResumableStore, 'unfinished'>;
  mediaRoot: string;
  log: { warn(msg: string): void };
  clock?: Clock;
}

/**
 * The media folder is walked at most once a minute, and only while someone scrapes: a walk
 * reads every file's size (seconds on a large library), and the database knows no file sizes.
 */
export const MEDIA_USAGE_MAX_AGE_MS = 60_000;
/** Longer than this, a reading is given up: the scrape answers without its values. */
const COLLECT_TIMEOUT_MS = 5000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

/**
 * Gauges read when Prometheus scrapes (the encode queue, the disk, the database pool), from
 * what this instance sees. A reading that fails or hangs leaves its gauges without a value,
 * never a false 0 (0 free bytes would page someone), and counts in plateau_scrape_errors_total.
 */
export const registerScrapeGauges = (registry: Registry, sources: ScrapeSources) => {
  // The readings of the scrape under way: the error count waits for them (see the end).
  const reading = new Set<Promise<void>>();
  const errors = new Counter({
    name: 'plateau_scrape_errors_total',
    help: 'Scrape-time readings that failed or timed out, by reading (their gauges stay empty)',
    labelNames: ['reading'],
    registers: [],
    async collect() {
      await Promise.allSettled([...reading]);
    },
  });
  const gauge = <L extends string>(
    name: string,
    config: { name: string; help: string; labelNames?: L[] },
    read: (gauge: Gauge<L>) => Promise<void>,
  ) => {
    const attempt = async () => {
      try {
        await within(read(created), COLLECT_TIMEOUT_MS);
      } catch (error) {
        created.reset();
        // An unlabelled gauge's reset leaves a 0: take the value away instead.
        if (!config.labelNames?.length) created.remove();
        errors.inc({ reading: name });
        sources.log.warn(`metrics: ${name} unreadable (${(error as Error).message})`);
      }
    };
    const created: Gauge<L> = new Gauge<L>({
      ...config,
      registers: [registry],
      async collect() {
        const pending = attempt();
        reading.add(pending);
        await pending.finally(() => reading.delete(pending));
      },
    });
  };

  gauge(
    'encode_queue',
    {
      name: 'plateau_encode_jobs',
      help: 'Encode jobs in pg-boss by state: waiting (queued or to retry), active, failed (kept 12 h)',
      labelNames: ['state'],
    },
    async (jobs) => {
      // Started (and its schema created) on first use, as the encode route does.
      await sources.jobs.boss();
      const counts = await encodeQueueCounts(sources.database.db);
      for (const state of ['waiting', 'active', 'failed'] as const)
        jobs.set({ state }, counts[state]);
    },
  );

  gauge(
    'resumable_uploads',
    {
      name: 'plateau_resumable_uploads_unfinished',
      help: 'Resumable (tus) uploads started and not finished, on disk until they expire',
    },
    async (uploads) => uploads.set((await sources.resumableStore.unfinished()).length),
  );

  const usage = staleWhileRefreshing<MediaUsage>(() => measureMediaUsage(sources.mediaRoot), {
    maxAgeMs: MEDIA_USAGE_MAX_AGE_MS,
    clock: sources.clock,
  });
  gauge(
    'storage_used',
    {
      name: 'plateau_storage_used_bytes',
      help: 'Bytes of the files under DATA_DIR/media by area (walked at most once a minute)',
      labelNames: ['area'],
    },
    async (used) => {
      for (const [area, bytes] of Object.entries(await usage.read())) used.set({ area }, bytes);
    },
  );
  gauge(
    'storage_free',
    {
      name: 'plateau_storage_free_bytes',
      help: 'Bytes an unprivileged process may still write on the filesystem of DATA_DIR/media',
    },
    async (free) => free.set(await freeBytes(sources.mediaRoot)),
  );

  const pool = (name: string, help: string, pick: (stats: PoolStats) => number | null) =>
    gauge('database_pool', { name, help }, async (value) => {
      const stats = poolNumbers(sources.database);
      const picked = pick(stats);
      // PGlite cannot tell idle from busy: no value rather than a made-up one.
      if (picked === null) value.remove();
      else value.set(picked);
    });
  pool(
    'plateau_db_pool_max_connections',
    'Connections the database pool may open (1: the embedded PGlite)',
    (stats) => stats.max,
  );
  pool(
    'plateau_db_pool_open_connections',
    'Connections the database pool holds open, busy or idle',
    (stats) => stats.open,
  );
  pool(
    'plateau_db_pool_idle_connections',
    'Open connections waiting for a query (PostgreSQL only)',
    (stats) => stats.idle,
  );
  pool(
    'plateau_db_pool_waiting_queries',
    'Queries waiting for a free connection (PostgreSQL only)',
    (stats) => stats.waiting,
  );
  // Last: the registry starts each metric's reading in order, so by the time the count is
  // read this scrape's readings are under way, and it waits for them: a failure shows at once.
  registry.registerMetric(errors);
};

/** A handle without pool statistics (a wrapper) is one connection, as PGlite is. */
const poolNumbers = (database: DatabaseHandle): PoolStats =>
  database.poolStats?.() ?? { max: 1, open: 1, idle: null, waiting: null };
