import { LIVE_KEYFRAME_SECONDS } from '@plateau/contract';
import type { LiveConfig } from '../../config.ts';
import type { LiveLadder } from './live-args.ts';
import * as repository from './live.repository.ts';
import { sendRediffJob } from '../../jobs/rediff-queue.ts';
import type { RediffDeps } from './rediff.ts';
import type { IngestHandlers, IngestPublisher } from './rtmp-ingest.ts';
import { problems } from './live-problems.ts';
import { createWrongKeyLimit, isWellFormedKey } from './stream-key.ts';
import { endPlaylists } from './live-playlists.ts';
import { watchEndRequests } from './live-end-requests.ts';
import { createLiveMirror } from './live-mirror.ts';
import { limitBreach, streamRefusal } from './live-limits.ts';
import { onEnd, onPublish } from './live-states.ts';
import { createPartRunner, type PartHolder } from './live-part-runner.ts';

export interface LiveStationLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface LiveStationDeps extends RediffDeps {
  live: LiveConfig;
  log: LiveStationLog;
}

/** A live this process is running: its encoder, its ffmpeg, its timers. */
interface ActiveLive extends PartHolder {
  startedAt: Date;
  grace?: NodeJS.Timeout;
  watch?: NodeJS.Timeout;
  ending?: Promise<void>;
}

/** How often a running live's bitrate, duration and free disk are checked. */
const WATCH_MS = 5_000;

/**
 * The live side of one process: takes publishes from the ingest, keeps each direct's live in
 * the database (live.repository.ts owns the states), runs the recording/HLS ffmpeg of each
 * part, the reconnect grace, the limits, and the end into a REDIFF.
 */
export const createLiveStation = (deps: LiveStationDeps) => {
  const { db, live: settings, log } = deps;
  const active = new Map<number, ActiveLive>();
  let stopping = false;
  const wrongKeys = createWrongKeyLimit();
  const ladder: LiveLadder = {
    heights: settings.ladderHeights,
    segmentSeconds: LIVE_KEYFRAME_SECONDS,
    dvrSeconds: settings.dvrSeconds,
  };

  // No shared folder between machines: the others play the live from its copy in the bucket.
  const files = deps.files;
  const mirror = files.copies ? createLiveMirror(files, files.copies, log) : undefined;

  const freeMb = async () => (await files.freeBytes()) / (1024 * 1024);

  /** Refuses or stops a stream: the geek reads why on the direct's edit page. */
  const report = async (directId: number, message: string) => {
    log.warn(`live: direct ${directId}: ${message}`);
    await repository.setProblem(db, directId, message);
  };
  const parts = createPartRunner({ deps, ladder, mirror, report });

  /** Bitrate, duration and free disk, checked while the encoder sends. */
  const watch = (directId: number, entry: ActiveLive, publisher: IngestPublisher) => {
    let lastBytes = publisher.receivedBytes();
    let lastAt = Date.now();
    entry.watch = setInterval(() => {
      void (async () => {
        const bytes = publisher.receivedBytes();
        const kbps = ((bytes - lastBytes) * 8) / (Date.now() - lastAt);
        lastBytes = bytes;
        lastAt = Date.now();
        const hours = (Date.now() - entry.startedAt.getTime()) / 3_600_000;
        const breach = limitBreach(settings, { kbps, freeMb: await freeMb(), hours });
        if (!breach) return;
        await report(directId, breach.message);
        if (breach.ends) void end(directId);
        else publisher.drop();
      })().catch((error) => log.error('live: watch failed', error));
    }, WATCH_MS);
    entry.watch.unref();
  };

  /**
   * The grace is over, or a geek ended it, or the live hit its duration: the encoder is cut,
   * the playlists end, and the REDIFF is queued (rediff-worker.ts joins it).
   */
  const end = (directId: number): Promise<void> => {
    const entry = active.get(directId);
    if (entry?.ending) return entry.ending;
    const ending = (async () => {
      if (entry) {
        clearTimeout(entry.grace);
        clearInterval(entry.watch);
        entry.publisher?.drop();
        entry.publisher = undefined;
        await parts.stop(entry);
        entry.lowLatency?.end();
      }
      const boss = await deps.jobs.boss();
      // Ending and its REDIFF job in one transaction: an ending live always has its job (or
      // the station's next start queues it again, see recover()).
      const open = await db.transaction(async (tx) => {
        const found = await repository.findOpenLive(tx, directId);
        const ending =
          found && onEnd(found.state) ? await repository.markEnding(tx, found.id) : found;
        if (ending) await sendRediffJob(boss, tx, ending.id, deps.config);
        return ending;
      });
      if (!open) return;
      await endPlaylists(files, ladder, open);
      await mirror?.flush(directId);
      log.info(`live: direct ${directId}: live ${open.id} ending, its REDIFF is queued`);
    })()
      .catch((error) => log.error(`live: direct ${directId}: ending failed`, error))
      .finally(() => active.delete(directId));
    if (entry) entry.ending = ending;
    else active.set(directId, { liveId: 0, startedAt: new Date(), ending });
    return ending;
  };

  const startGrace = (directId: number, entry: ActiveLive, remainingMs: number) => {
    clearTimeout(entry.grace);
    entry.grace = setTimeout(() => void end(directId), Math.max(0, remainingMs));
    entry.grace.unref();
  };

  const lost = async (directId: number, publisher: IngestPublisher) => {
    const entry = active.get(directId);
    if (stopping || !entry || entry.publisher !== publisher || entry.ending) return;
    entry.publisher = undefined;
    clearInterval(entry.watch);
    await parts.stop(entry);
    await repository.markLost(db, entry.liveId, new Date());
    log.info(`live: direct ${directId}: encoder lost, waiting ${settings.reconnectGraceSeconds} s`);
    startGrace(directId, entry, settings.reconnectGraceSeconds * 1000);
  };

  const accept = async (publisher: IngestPublisher) => {
    if (stopping) return publisher.drop();
    const direct = await repository.findDirectByStreamKey(db, publisher.key);
    if (!direct) {
      wrongKeys.fail(publisher.address);
      log.warn(`live: wrong stream key from ${publisher.address}`);
      return publisher.drop();
    }
    const directId = direct.id;
    const existing = active.get(directId);
    // The station's own refusals first: the stream's wait for its first tags.
    const refusal =
      (existing?.publisher && problems.secondEncoder) ||
      (existing?.ending && problems.ending) ||
      streamRefusal(settings, {
        codecs: await publisher.codecs(),
        height: publisher.source().height,
        freeMb: await freeMb(),
      });
    if (refusal) {
      await report(directId, refusal);
      return publisher.drop();
    }
    const opened = await db.transaction(async (tx) => {
      const open = await repository.findOpenLive(tx, directId);
      const plan = onPublish(open?.state);
      if (plan === 'refuse') return undefined;
      const take = {
        lost: (id: number) => repository.markLost(tx, id, new Date()),
        resumed: (id: number) => repository.markResumed(tx, id),
      };
      let row = plan === 'start' ? await repository.insertLive(tx, directId) : open;
      for (const step of plan === 'start' ? [] : plan) row = await take[step](open!.id);
      if (row) {
        await repository.clearProblem(tx, directId);
        await repository.claimCurrentDirect(tx, directId);
      }
      return row;
    });
    if (!opened) return publisher.drop();
    const entry = active.get(directId) ?? { liveId: opened.id, startedAt: opened.startedAt };
    clearTimeout(entry.grace);
    entry.liveId = opened.id;
    entry.publisher = publisher;
    active.set(directId, entry);
    await parts.start(directId, entry, opened.parts, direct.lowLatency);
    watch(directId, entry, publisher);
    // After the part is running: a publish already over (shorter than this acceptance) is told
    // at once, and stops the part it just started.
    publisher.onEnd(() => void lost(directId, publisher).catch((e) => log.error('live', e)));
    log.info(
      `live: direct ${directId}: live ${opened.id} part ${opened.parts} from ${publisher.address}`,
    );
  };

  const stopWatchingEnds = watchEndRequests({
    db,
    running: () => [...active].filter(([, entry]) => !entry.ending).map(([directId]) => directId),
    end,
    onError: (error) => log.error('live: reading end requests failed', error),
  });

  const handlers: IngestHandlers = {
    precheck(key, address) {
      if (wrongKeys.blocked(address)) return 'rate limited';
      if (!isWellFormedKey(key)) {
        wrongKeys.fail(address);
        return 'malformed key';
      }
      return undefined;
    },
    publish(publisher) {
      accept(publisher).catch((error) => {
        log.error('live: publish failed', error);
        publisher.drop();
      });
    },
  };

  return {
    handlers,
    /** "Terminer le direct". */
    end,
    /**
     * Lives left open by the previous station (this process's last run, or another process
     * that ran the ingest until it stopped or died): their grace runs again; `ending` ones,
     * and those a geek asked to end meanwhile, finish.
     */
    async recover() {
      for (const open of await repository.listOpenLives(db)) {
        if (open.state === 'ending' || open.endRequestedAt !== null) {
          void end(open.directId);
          continue;
        }
        const lostAt =
          open.state === 'live'
            ? (await repository.markLost(db, open.id, new Date()))?.lostAt
            : open.lostAt;
        const entry: ActiveLive = { liveId: open.id, startedAt: open.startedAt };
        active.set(open.directId, entry);
        const elapsed = Date.now() - (lostAt ?? new Date()).getTime();
        startGrace(open.directId, entry, settings.reconnectGraceSeconds * 1000 - elapsed);
      }
    },
    /** Does this station run the direct's open live (sending, in its grace, or ending)? */
    holds: (directId: number) => active.has(directId),
    /** The direct's live as low-latency HLS, when this station cuts it so. */
    lowLatency: (directId: number) => active.get(directId)?.lowLatency,
    /** Stops every part (their files complete); lives stay open for the next start. */
    async stop() {
      stopping = true;
      stopWatchingEnds();
      for (const entry of active.values()) {
        clearTimeout(entry.grace);
        clearInterval(entry.watch);
        entry.publisher = undefined;
        entry.lowLatency?.end();
      }
      await Promise.all([...active.values()].map((entry) => parts.stop(entry)));
      await Promise.all([...active.values()].map((entry) => entry.ending));
      await mirror?.stop();
    },
  };
};

export type LiveStation = ReturnType<typeof createLiveStation>;
