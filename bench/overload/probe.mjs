/**
 * Loaded into the Plateau process by `npm run bench:overload` (NODE_OPTIONS=--import ...) when
 * OVERLOAD_PROBE_FILE is set: once a second, one JSON line of what the process went through in
 * that second, so the bench can say where requests waited rather than guess:
 * - the event loop: its delay (monitorEventLoopDelay, 10 ms resolution: p50/p99/max) and its
 *   utilisation (busy fraction);
 * - the embedded database (PGlite runs its queries in this thread): queries started, in flight at
 *   most, total time from the call to the answer (queue + execution), and the execution alone
 *   (its synchronous WebAssembly call, during which the event loop serves nothing else);
 * - PostgreSQL's pool (node-postgres): the same counts, the time from the call to the answer;
 * - memory: rss, V8 heap used and total, external and array buffers.
 * Plateau does not know it is there: it only wraps methods of the two drivers' prototypes.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const file = process.env.OVERLOAD_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let elu = performance.eventLoopUtilization();
  const db = { started: 0, done: 0, inFlight: 0, maxInFlight: 0, totalMs: 0, execMs: 0 };

  /** Wraps `object[name]` (a method answering a promise) to count and time its calls. */
  const timeAsync = (object, name) => {
    const original = object[name];
    if (typeof original !== 'function') return;
    object[name] = function timed(...args) {
      const start = performance.now();
      db.started += 1;
      db.inFlight += 1;
      db.maxInFlight = Math.max(db.maxInFlight, db.inFlight);
      const end = () => {
        db.inFlight -= 1;
        db.done += 1;
        db.totalMs += performance.now() - start;
      };
      const result = original.apply(this, args);
      if (result && typeof result.then === 'function') result.then(end, end);
      else end();
      return result;
    };
  };

  const embedded = !process.env.DATABASE_URL;
  if (embedded) {
    const { PGlite } = await import('@electric-sql/pglite');
    for (const name of ['query', 'exec']) timeAsync(PGlite.prototype, name);
    const sync = PGlite.prototype.execProtocolRawSync;
    if (typeof sync === 'function') {
      PGlite.prototype.execProtocolRawSync = function timedSync(...args) {
        const start = performance.now();
        try {
          return sync.apply(this, args);
        } finally {
          db.execMs += performance.now() - start;
        }
      };
    }
  } else {
    const require = createRequire(new URL('../../apps/server/package.json', import.meta.url));
    timeAsync(require('pg').Pool.prototype, 'query');
  }

  // SIGUSR2: one full garbage collection now (the bench asks after the load, to see how much
  // of the memory kept is garbage the collector has not come back for).
  process.on('SIGUSR2', async () => {
    const { setFlagsFromString } = await import('node:v8');
    const { runInNewContext } = await import('node:vm');
    setFlagsFromString('--expose-gc');
    runInNewContext('gc')();
  });
  const started = performance.now();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const mb = (bytes) => Math.round(bytes / 1e5) / 10;
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const memory = process.memoryUsage();
    const line = {
      at: Date.now(),
      t: Math.round((performance.now() - started) / 100) / 10,
      elu: Math.round(performance.eventLoopUtilization(now, elu).utilization * 1000) / 1000,
      delayP50: ms(delay.percentile(50)),
      delayP99: ms(delay.percentile(99)),
      delayMax: ms(delay.max),
      dbStarted: db.started,
      dbDone: db.done,
      dbMaxInFlight: db.maxInFlight,
      dbMeanMs: db.done ? Math.round((db.totalMs / db.done) * 10) / 10 : 0,
      dbExecMs: Math.round(db.execMs),
      rss: mb(memory.rss),
      heapUsed: mb(memory.heapUsed),
      heapTotal: mb(memory.heapTotal),
      external: mb(memory.external),
      arrayBuffers: mb(memory.arrayBuffers),
    };
    elu = now;
    delay.reset();
    Object.assign(db, { started: 0, done: 0, maxInFlight: db.inFlight, totalMs: 0, execMs: 0 });
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 1000).unref();
}
