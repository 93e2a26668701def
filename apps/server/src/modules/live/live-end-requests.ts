import type { Database } from '../../db/client.ts';
import * as repository from './live.repository.ts';

/**
 * How often the station looks for "Terminer le direct" pressed on another process: the geek's
 * answer waits for it (live.service.ts), so about a second.
 */
const POLL_MS = 1_000;

/**
 * Ends the lives a geek asked to end through another process (`lives.end_requested_at`):
 * behind a load balancer the geek cannot choose the process that runs the live. One cheap
 * query a second, and none while the station has no live going.
 */
export const watchEndRequests = ({
  db,
  running,
  end,
  onError,
}: {
  db: Database;
  /** The directs whose live the station runs and is not already ending. */
  running: () => number[];
  end: (directId: number) => unknown;
  onError: (error: unknown) => void;
}) => {
  let busy = false;
  const timer = setInterval(() => {
    const directIds = running();
    if (busy || directIds.length === 0) return;
    busy = true;
    repository
      .listEndRequested(db, directIds)
      .then((asked) => asked.forEach((directId) => void end(directId)))
      .catch(onError)
      .finally(() => (busy = false));
  }, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
};
