import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../lib/errors.ts';
import { afterCrowd } from './after-crowd.ts';

/**
 * Fair, bounded waiting under a crowd (issue 32, bench/README.md "Overload (issue 32)").
 *
 * Without it, every request that arrives starts at once: 400 connections put 400 requests'
 * statements in the database's queue, each request queueing again for each wave of its SQL, and
 * on the embedded database (SQL run on the event loop) whole seconds of statements run in one
 * turn of the loop while ranges and new requests wait for it to end. Who waits how long then
 * depends on the number of waves and on the turn one arrives in: p99 of 3-4x p50.
 *
 * Here a request of a lane waits at the door, first come first served, until one of the lane's
 * places is free, and keeps it until its answer is ready (onSend; a media answer's bytes then
 * flow under the byte streams' own limits) or the client is gone. Past the door it meets only
 * the few requests let in with it: it waits once, and about as long as everyone else. Lanes:
 * - `api`: the API's requests (the database's work);
 * - `media`: stored media (ranges, HLS files, images, captions), which need the database only
 *   when a decision kept a few seconds expires, and must never wait behind the API's queue.
 * Never waiting: the web app's files, health, metrics, uploads (their bytes take minutes), the
 * live's playlists and segments (cheap, and late is useless), the chat's event streams (open
 * for the whole live: they would hold a place for hours).
 * A place is handed over on a later turn of the event loop, so the loop serves I/O between two
 * requests. A lane's queue is bounded: past it, 503 with Retry-After.
 */

export type LaneName = 'api' | 'media';

export interface LaneLimits {
  /** Requests of the lane past the door at once. */
  concurrency: number;
  /** Requests waiting at most; more are answered 503. */
  maxWaiting: number;
  /**
   * The embedded database answers within the request's own turn of the event loop (its SQL
   * runs there): a free place alone would let every request of a turn in, one after the other,
   * and the turn last seconds. With a slice, requests are let in during the first `sliceMs` of
   * a turn only; the others wait for the next turn, I/O served in between.
   */
  sliceMs?: number;
  now?: () => number;
  /** A request had to wait at the door. */
  onWait?: () => void;
  /** A request was let in. */
  onAdmit?: () => void;
}

export interface Lane {
  /** Resolves with the way out once a place is free; null when the queue is full. */
  enter(): Promise<(() => void) | null>;
  /** Gives up waiting (the client went away): false when it was let in meanwhile. */
  cancel(entry: Promise<(() => void) | null>): boolean;
  readonly active: number;
  readonly waiting: number;
}

export const createLane = ({
  concurrency,
  maxWaiting,
  sliceMs,
  now = () => performance.now(),
  onWait,
  onAdmit,
}: LaneLimits): Lane => {
  const queue: { entry: Promise<(() => void) | null>; admit: (leave: () => void) => void }[] = [];
  let active = 0;
  /** When this turn's first request was let in; undefined until one is. */
  let sliceStart: number | undefined;
  let turnScheduled = false;

  const mayAdmit = () =>
    active < concurrency &&
    (sliceMs === undefined || sliceStart === undefined || now() - sliceStart < sliceMs);

  /** The next turn of the loop: a new slice, and the waiting let in. */
  const scheduleTurn = () => {
    if (turnScheduled) return;
    turnScheduled = true;
    setImmediate(() => {
      turnScheduled = false;
      sliceStart = undefined;
      admitWaiting();
    });
  };

  const admit = () => {
    active += 1;
    onAdmit?.();
    if (sliceMs !== undefined) {
      sliceStart ??= now();
      scheduleTurn();
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      active -= 1;
      admitWaiting();
    };
  };

  const admitWaiting = () => {
    while (queue.length > 0 && mayAdmit()) queue.shift()!.admit(admit());
    if (queue.length > 0 && active < concurrency) scheduleTurn();
  };

  return {
    enter() {
      if (queue.length === 0 && mayAdmit()) return Promise.resolve(admit());
      if (queue.length >= maxWaiting) return Promise.resolve(null);
      let admitThis!: (leave: () => void) => void;
      const entry = new Promise<(() => void) | null>((resolve) => (admitThis = resolve));
      queue.push({ entry, admit: admitThis });
      onWait?.();
      if (active < concurrency) scheduleTurn();
      return entry;
    },
    cancel(entry) {
      const index = queue.findIndex((waiting) => waiting.entry === entry);
      if (index === -1) return false;
      queue.splice(index, 1);
      return true;
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
};

/** Stored media served by Plateau's own routes (GET and HEAD). */
const mediaRoute = /^\/api\/media\/(video|hls|thumbnail|poster|captions|storyboard)\//;
const neverWaiting = /^\/api\/(health$|uploads(\/|$)|media\/live\/|directs\/:id\/chat\/events$)/;

/** The lane of a request, by its route's pattern; null: it never waits. */
export const laneOf = (request: FastifyRequest): LaneName | null => {
  const route = request.routeOptions.url;
  if (route === undefined || !route.startsWith('/api/') || neverWaiting.test(route)) return null;
  if (mediaRoute.test(route)) {
    return request.method === 'GET' || request.method === 'HEAD' ? 'media' : null;
  }
  // Multipart uploads (POST /api/media/...) are caught above; other writes are API work.
  return 'api';
};

export interface AdmissionOptions {
  lanes: Partial<Record<LaneName, LaneLimits>>;
  /** One full garbage collection once a crowd has passed (after-crowd.ts); default true. */
  collectAfterCrowd?: boolean;
}

const released = Symbol('admission release');

type Admitted = FastifyRequest & { [released]?: () => void };

const busy = (reply: FastifyReply) =>
  reply
    .status(503)
    .header('retry-after', '2')
    .send(errorBody(503, 'Le serveur est très demandé : réessayez dans un instant'));

/**
 * The door of each lane. Registered on the root before any hook that does the request's work
 * (the viewer's account lookup is a statement), after the metrics' (a wait counts in the time).
 */
export const admission = fp<AdmissionOptions>(async (app, options) => {
  const { lanes: limits, collectAfterCrowd = true } = options;
  const lanes: Partial<Record<LaneName, Lane>> = {};
  const crowd = collectAfterCrowd
    ? afterCrowd({
        busy: () => Object.values(lanes).reduce((sum, lane) => sum + lane.active + lane.waiting, 0),
      })
    : undefined;
  app.addHook('onClose', async () => crowd?.stop());
  for (const [name, lane] of Object.entries(limits) as [LaneName, LaneLimits][]) {
    if (lane.concurrency > 0) {
      lanes[name] = createLane({ ...lane, onWait: crowd?.crowded, onAdmit: crowd?.admitted });
    }
  }
  app.decorate('admissionLanes', lanes);

  app.addHook('onRequest', async (request: Admitted, reply) => {
    const name = laneOf(request);
    const lane = name === null ? undefined : lanes[name];
    if (!lane) return;
    const entry = lane.enter();
    // A client gone while waiting leaves the queue; one gone later gives its place back.
    const onClose = () => {
      if (lane.cancel(entry)) return;
      void entry.then((leave) => leave?.());
    };
    reply.raw.once('close', onClose);
    const leave = await entry;
    if (leave === null) {
      reply.raw.off('close', onClose);
      return busy(reply);
    }
    request[released] = leave;
  });

  app.addHook('onSend', (request: Admitted, _reply, payload, done) => {
    request[released]?.();
    done(null, payload);
  });
});

/**
 * The lanes' places. The embedded database runs one statement at a time on the event loop: two
 * API requests at once (one's statement while the other answers). PostgreSQL: as many as its
 * pool has connections. PLATEAU_ADMISSION (`off`, or `api:N,media:N`) overrides, for the bench.
 */
export const admissionLimits = (
  databaseKind: 'pglite' | 'postgres',
  setting = process.env.PLATEAU_ADMISSION,
): AdmissionOptions => {
  const embedded = databaseKind === 'pglite';
  const lanes: AdmissionOptions['lanes'] = {
    api: { concurrency: embedded ? 2 : 10, maxWaiting: 2000, ...(embedded && { sliceMs: 5 }) },
    media: { concurrency: 32, maxWaiting: 2000 },
  };
  if (setting === 'off') return { lanes: {}, collectAfterCrowd: false };
  let collectAfterCrowd = true;
  // `api:N` / `media:N` places, `slice:ms` (the API lane's slice; 0: none), `gc:0` (none after a crowd).
  for (const part of setting ? setting.split(',') : []) {
    const [name, value] = part.split(':') as [string, string];
    if (name === 'slice') lanes.api!.sliceMs = Number(value) || undefined;
    else if (name === 'gc') collectAfterCrowd = value !== '0';
    else lanes[name as LaneName]!.concurrency = Number(value);
  }
  return { lanes, collectAfterCrowd };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The lanes' doors (tests, metrics). */
    admissionLanes: Partial<Record<LaneName, Lane>>;
  }
}
