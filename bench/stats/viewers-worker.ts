import { randomBytes } from 'node:crypto';
import http from 'node:http';

/**
 * The players of `npm run bench:stats`, in a process of their own (forked by heartbeats.ts), so
 * the server's CPU time is its own: each viewer has its own keep-alive connection, as a
 * browser has, and sends what the web player sends (`use-watch-report.ts`): every 10 s a
 * heartbeat naming the 10 s it played, its page (`watch`) and a sequence number. Viewers start
 * staggered over the first 10 s; one that reaches the video's end starts it again (a new page).
 */
export interface ViewerSpec {
  /** A signed-in viewer's token (sent as `?token=`, as sendBeacon does); none: a visitor. */
  token?: string;
  userAgent: string;
}

export interface ViewersJob {
  origin: string;
  path: string;
  videoId: number;
  videoSeconds: number;
  viewers: ViewerSpec[];
  seconds: number;
  everySeconds: number;
}

export interface ViewersResult {
  sent: number;
  byStatus: Record<string, number>;
  errors: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
  /** Where each viewer's answered (204) heartbeats started, in order: the expected sums. */
  accepted: number[][];
  /** Milliseconds from the first heartbeat sent to the last answer. */
  elapsedMs: number;
  firstError?: string;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

const watchId = () => randomBytes(12).toString('base64url');

const run = async (job: ViewersJob): Promise<ViewersResult> => {
  const everyMs = job.everySeconds * 1000;
  const runMs = job.seconds * 1000;
  const url = new URL(job.origin);
  const latencies: number[] = [];
  const byStatus: Record<string, number> = {};
  const accepted: number[][] = job.viewers.map(() => []);
  let sent = 0;
  let errors = 0;
  let firstError: string | undefined;
  const start = performance.now() + 200;
  let lastAnswer = start;

  const post = (agent: http.Agent, path: string, headers: http.OutgoingHttpHeaders, body: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: url.hostname, port: url.port, method: 'POST', path, agent, headers },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  const viewer = async (spec: ViewerSpec, index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const path = spec.token ? `${job.path}?token=${encodeURIComponent(spec.token)}` : job.path;
    const offset = (index * everyMs) / job.viewers.length;
    let watch = watchId();
    let sequence = 0;
    let position = 0;
    for (let beat = 0; offset + beat * everyMs < runMs; beat += 1) {
      const due = start + offset + beat * everyMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (position + job.everySeconds > job.videoSeconds) {
        watch = watchId();
        sequence = 0;
        position = 0;
      }
      const body = JSON.stringify({
        videoId: job.videoId,
        watch,
        sequence,
        played: [{ start: position, end: position + job.everySeconds }],
      });
      const headers = {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': spec.userAgent,
      };
      const sentAt = performance.now();
      sent += 1;
      try {
        const status = await post(agent, path, headers, body);
        byStatus[status] = (byStatus[status] ?? 0) + 1;
        if (status === 204) accepted[index]!.push(position);
      } catch (error) {
        errors += 1;
        firstError ??= String(error);
      }
      lastAnswer = performance.now();
      latencies.push(lastAnswer - sentAt);
      sequence += 1;
      position += job.everySeconds;
    }
    agent.destroy();
  };

  await Promise.all(job.viewers.map(viewer));
  latencies.sort((a, b) => a - b);
  return {
    sent,
    byStatus,
    errors,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    accepted,
    elapsedMs: lastAnswer - start,
    ...(firstError && { firstError }),
  };
};

process.on('message', (job: ViewersJob) => {
  run(job).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
