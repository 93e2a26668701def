import { afterAll, describe, expect, it } from 'vitest';
import { createPlateauMetrics } from './plateau-metrics.ts';
import { startWorkerMetricsServer } from './worker-metrics-server.ts';
import { bearer, METRICS_TOKEN, valueOf } from './metrics.test-support.ts';

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

const start = async (config: { metricsToken: string | undefined; host: string }) => {
  const metrics = createPlateauMetrics();
  const server = await startWorkerMetricsServer(metrics, config, 0);
  stops.push(server.stop);
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${server.port}${path}`, { headers });
  return { metrics, get };
};

describe('a worker-only process’s GET /metrics (WORKER_METRICS_PORT)', () => {
  it('serves its own encode durations and process metrics to the holder of METRICS_TOKEN', async () => {
    const { metrics, get } = await start({ metricsToken: METRICS_TOKEN, host: '127.0.0.1' });
    const refused = await get('/metrics');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });

    metrics.observeEncode('published', 42);
    metrics.observeEncode('published', 3);
    metrics.observeEncode('failed', 1.5);
    const response = await get('/metrics', bearer);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(valueOf(text, 'plateau_encode_duration_seconds_count', { outcome: 'published' })).toBe(
      2,
    );
    expect(valueOf(text, 'plateau_encode_duration_seconds_sum', { outcome: 'published' })).toBe(45);
    expect(valueOf(text, 'plateau_encode_duration_seconds_count', { outcome: 'failed' })).toBe(1);
    expect(
      valueOf(text, 'plateau_encode_duration_seconds_bucket', { outcome: 'published', le: '5' }),
    ).toBe(1);
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Nothing else is served there.
    expect((await get('/api/health', bearer)).status).toBe(404);
  });

  it('answers a local scraper without a token when bound to loopback', async () => {
    const { get } = await start({ metricsToken: undefined, host: '127.0.0.1' });
    expect((await get('/metrics')).status).toBe(200);
    expect((await get('/metrics', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
  });
});
