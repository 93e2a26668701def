import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * One process's metrics: its own registry (never prom-client's global one: tests build many
 * apps in one process, and a second registration of a name there throws), with Node's default
 * metrics under their usual names and Plateau's own under `plateau_`.
 */
export interface PlateauMetrics {
  registry: Registry;
  /**
   * The encode worker reports each encode it ran and how it ended (published, failed, skipped,
   * timed_out, interrupted...: the worker's own short list, so the series stay few).
   */
  observeEncode(outcome: string, seconds: number): void;
}

/** From a short clip to a two-hour evening at 1080p on a small machine. */
const ENCODE_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14400];

export const createPlateauMetrics = (): PlateauMetrics => {
  const registry = new Registry();
  // Memory, CPU, event-loop lag, GC, handles: process_* and nodejs_*, as every exporter names them.
  collectDefaultMetrics({ register: registry });
  const encodes = new Histogram({
    name: 'plateau_encode_duration_seconds',
    help: "Encodes run by this process's worker, from taking the video to publishing it, by outcome",
    labelNames: ['outcome'],
    buckets: ENCODE_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    observeEncode: (outcome, seconds) => encodes.observe({ outcome }, seconds),
  };
};
