import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Memory given back once a crowd has passed (issue 32, bench/README.md "Overload (issue 32)").
 *
 * Under a crowd the V8 heap grows (requests by the hundred at once, their rows, their answers)
 * and buffers pile up for the collector. Once it passes nothing allocates, so nothing collects:
 * measured 10 s after 400 connections stopped, the server still held 50-150 MB that one full
 * collection gave back. So when requests had to wait at the door and everything has then been
 * quiet for `quietMs`, one full collection, once per crowd. A quiet server never pays for it.
 * Not sooner than 5 s: V8 shrinks its young generation only once its allocation rate over the
 * last 5 s is low (measured: a collection 2 s after the crowd kept 90% of the heap's pages, one
 * 8 s after gave back half).
 */
export interface AfterCrowd {
  /** Requests had to wait: a crowd is here. */
  crowded(): void;
  /** A request was let in (the crowd is not over while they come). */
  admitted(): void;
  stop(): void;
}

let fullCollection: (() => void) | undefined;

/** V8's full collection, without starting Node with --expose-gc (new contexts get `gc`). */
export const collectGarbage = () => {
  if (!fullCollection) {
    setFlagsFromString('--expose-gc');
    fullCollection = runInNewContext('gc') as () => void;
  }
  fullCollection();
};

export const afterCrowd = ({
  busy,
  quietMs = 5000,
  collect = collectGarbage,
}: {
  /** Requests let in or waiting right now. */
  busy: () => number;
  quietMs?: number;
  collect?: () => void;
}): AfterCrowd => {
  let timer: NodeJS.Timeout | undefined;
  let lastAdmission = 0;
  const check = () => {
    if (busy() > 0 || performance.now() - lastAdmission < quietMs) return;
    clearInterval(timer);
    timer = undefined;
    collect();
  };
  return {
    crowded() {
      timer ??= setInterval(check, quietMs / 2).unref();
    },
    admitted() {
      lastAdmission = performance.now();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
};
