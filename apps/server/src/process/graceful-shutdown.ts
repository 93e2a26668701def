import { constants } from 'node:os';

/**
 * How Plateau's processes (the server, `npm run worker`) stop: on SIGTERM or SIGINT they close
 * what they opened, newest first, then exit 0; a second signal exits at once; a crash (uncaught
 * exception, unhandled rejection) is logged, closes what it can and exits 1. The whole stop is
 * bounded: past `deadlineMs` the process exits 1 whatever is still closing.
 */

export interface LifecycleLog {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface Shutdown {
  /** Registers what to close when the process stops; closed in reverse order of registration. */
  onShutdown(name: string, close: () => unknown): void;
  /**
   * Closes everything registered (once: later calls get the same promise). Resolves true when
   * every step closed cleanly; a failed step is logged and the next ones still run.
   */
  run(reason: string): Promise<boolean>;
}

export const createShutdown = (log: LifecycleLog): Shutdown => {
  const steps: { name: string; close: () => unknown }[] = [];
  let running: Promise<boolean> | undefined;
  const closeAll = async (reason: string) => {
    log.info(`${reason}: shutting down`);
    let clean = true;
    // Steps registered while stopping (a resource that finished opening late) run too.
    for (let step = steps.pop(); step; step = steps.pop()) {
      try {
        await step.close();
      } catch (error) {
        clean = false;
        log.error(`shutdown: closing the ${step.name} failed`, error);
      }
    }
    log.info('stopped');
    return clean;
  };
  return {
    onShutdown: (name, close) => void steps.push({ name, close }),
    run: (reason) => (running ??= closeAll(reason)),
  };
};

/** The part of `process` the handlers listen on (tests pass an EventEmitter). */
export type ProcessEvents = Pick<NodeJS.EventEmitter, 'on' | 'off'>;

export interface ProcessSignalOptions {
  log: LifecycleLog;
  /** Longest the whole shutdown may take before the process exits 1 anyway. */
  deadlineMs: number;
  /**
   * A repeat of the same signal this soon after the first is the same request: `npm start`
   * relays the signal its process group already delivered (one Ctrl-C arrives twice).
   */
  echoWindowMs?: number;
  now?: () => number;
  events?: ProcessEvents;
  exit?: (code: number) => void;
}

const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Wires a process to its shutdown: signals, crashes, the deadline. Returns a function removing
 * the handlers (for tests).
 */
export const handleProcessSignals = (
  shutdown: Shutdown,
  {
    log,
    deadlineMs,
    echoWindowMs = 500,
    now = Date.now,
    events = process,
    exit = (code) => process.exit(code),
  }: ProcessSignalOptions,
): (() => void) => {
  let exited = false;
  const exitOnce = (code: number) => {
    if (exited) return;
    exited = true;
    exit(code);
  };
  let stopping: { signal: string; at: number } | undefined;
  let deadline: NodeJS.Timeout | undefined;
  // Read when the shutdown ends: a crash while a signal's shutdown runs still exits 1.
  let crashed = false;

  const stop = (reason: string) => {
    // Not unref'd: it also keeps the process from ending with 0 while a step hangs on nothing.
    deadline ??= setTimeout(() => {
      log.error(`shutdown still running after ${deadlineMs / 1000} s: exiting`);
      exitOnce(1);
    }, deadlineMs);
    void shutdown.run(reason).then((clean) => exitOnce(clean && !crashed ? 0 : 1));
  };

  const onSignal = (signal: (typeof STOP_SIGNALS)[number]) => {
    if (!stopping) {
      stopping = { signal, at: now() };
      stop(signal);
      return;
    }
    if (signal === stopping.signal && now() - stopping.at < echoWindowMs) return;
    log.error(`${signal} while shutting down: exiting at once`);
    exitOnce(128 + constants.signals[signal]);
  };

  const onCrash = (kind: string) => (error: unknown) => {
    log.error(kind, error);
    crashed = true;
    stop(kind);
  };

  const listeners: [string, (error: unknown) => void][] = [
    ...STOP_SIGNALS.map((signal): [string, () => void] => [signal, () => onSignal(signal)]),
    ['uncaughtException', onCrash('uncaught exception')],
    ['unhandledRejection', onCrash('unhandled rejection')],
  ];
  for (const [event, listener] of listeners) events.on(event, listener);
  return () => {
    clearTimeout(deadline);
    for (const [event, listener] of listeners) events.off(event, listener);
  };
};
