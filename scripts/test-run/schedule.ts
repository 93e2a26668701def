/** A test file as the schedule sees it: how long it takes, and whether it holds the machine. */
export interface PlannedFile<T> {
  file: T;
  ms: number;
  /** It takes the machine lock (apps/server/src/test/machine-lock.ts): one such file at a time. */
  holdsMachine: boolean;
}

/**
 * The order to hand the files to `workers` workers, the longest first, such that no file that
 * holds the machine is handed out while another one still holds it: vitest gives the next file
 * of the queue to whichever worker is free first, and a file waiting for the machine keeps its
 * worker idle (three live scenarios started side by side waited 90 s and 185 s). The run is
 * simulated with the measured times; a file that holds the machine goes at the first moment
 * the machine is free, other files fill the workers meanwhile.
 */
export const scheduleFiles = <T>(files: PlannedFile<T>[], workers: number): T[] => {
  const queue = [...files].sort((a, b) => b.ms - a.ms);
  const freeAt = Array.from({ length: Math.max(1, workers) }, () => 0);
  let machineFreeAt = 0;
  const order: T[] = [];
  while (queue.length > 0) {
    const now = Math.min(...freeAt);
    const worker = freeAt.indexOf(now);
    const next = queue.findIndex((one) => !one.holdsMachine || machineFreeAt <= now);
    // Only files that hold the machine are left: the longest waits for it.
    const [chosen] = queue.splice(Math.max(next, 0), 1);
    const start = chosen!.holdsMachine ? Math.max(now, machineFreeAt) : now;
    freeAt[worker] = start + chosen!.ms;
    if (chosen!.holdsMachine) machineFreeAt = freeAt[worker]!;
    order.push(chosen!.file);
  }
  return order;
};
