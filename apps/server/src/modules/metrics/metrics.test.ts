import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { videos } from '../../db/schema.ts';
import { testDatabaseKind, useTestApp, type TestUser } from '../../test/harness.ts';
import { MEDIA_USAGE_MAX_AGE_MS } from './scrape-gauges.ts';
import { bearer, declaredNames, METRICS_TOKEN, scrape, valueOf } from './metrics.test-support.ts';

/** The caches' clock, moved by hand: the media walk's minute passes when a test says so. */
let now = 1_000_000;
const ctx = useTestApp({
  env: { METRICS_TOKEN },
  extra: { extraDeps: { clock: () => now } },
});
let member: TestUser;

beforeAll(async () => {
  member = await ctx.createUser('plateau');
});

const insertVideo = async () => {
  const [row] = await ctx.database.db
    .insert(videos)
    .values({ title: 'Vidéo mesurée', privacy: 1 })
    .returning({ id: videos.id });
  return row!.id;
};

const requests = (text: string, method: string, route: string, status: string) =>
  valueOf(text, 'plateau_http_requests_total', { method, route, status_code: status }) ?? 0;
const timed = (text: string, method: string, route: string, status: string) =>
  valueOf(text, 'plateau_http_request_duration_seconds_count', {
    method,
    route,
    status_code: status,
  }) ?? 0;

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers the Prometheus text of every metric, never cached', async () => {
    const response = await ctx.app.inject({ url: '/metrics', headers: bearer });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(declaredNames(response.body)).toEqual(
      expect.arrayContaining([
        'plateau_http_requests_total',
        'plateau_http_request_duration_seconds',
        'plateau_encode_jobs',
        'plateau_encode_duration_seconds',
        'plateau_uploads_in_flight',
        'plateau_resumable_uploads_unfinished',
        'plateau_storage_used_bytes',
        'plateau_storage_free_bytes',
        'plateau_db_pool_max_connections',
        'plateau_db_pool_open_connections',
        'plateau_db_pool_idle_connections',
        'plateau_db_pool_waiting_queries',
        'plateau_scrape_errors_total',
        'process_resident_memory_bytes',
        'process_cpu_seconds_total',
        'nodejs_eventloop_lag_seconds',
        'nodejs_heap_size_used_bytes',
        'nodejs_gc_duration_seconds',
        'nodejs_active_handles_total',
      ]),
    );
    expect(valueOf(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    for (const state of ['waiting', 'active', 'failed'])
      expect(valueOf(response.body, 'plateau_encode_jobs', { state })).toBe(0);
    expect(valueOf(response.body, 'plateau_storage_free_bytes')).toBeGreaterThan(0);
    expect(valueOf(response.body, 'plateau_scrape_errors_total', { reading: 'encode_queue' })).toBe(
      undefined,
    );
  });

  it('refuses a missing, wrong or session token with a French 401', async () => {
    const user = await ctx.createUser('geek');
    for (const authorization of [
      undefined,
      'Bearer ',
      `Bearer ${METRICS_TOKEN.slice(0, -1)}x`,
      `Bearer ${METRICS_TOKEN}x`,
      `Basic ${Buffer.from(`prometheus:${METRICS_TOKEN}`).toString('base64')}`,
      user.auth.authorization,
    ]) {
      const response = await ctx.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Jeton de métriques absent ou invalide',
      });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // The scheme's case does not matter (RFC 7235); /api/metrics is an unknown path.
    expect(
      (
        await ctx.app.inject({
          url: '/metrics',
          headers: { authorization: `bearer ${METRICS_TOKEN}` },
        })
      ).statusCode,
    ).toBe(200);
    expect((await ctx.app.inject({ url: '/api/metrics' })).statusCode).toBe(404);
  });

  it('counts requests by route pattern and status, and times them; never itself', async () => {
    const before = await scrape(ctx.app);
    const ids = [910001, 910002, 910003];
    for (const id of ids) {
      expect((await ctx.app.inject({ url: `/api/videos/${id}` })).statusCode).toBe(404);
    }
    for (const page of ['/api/inconnu-1', '/api/inconnu-2'])
      expect((await ctx.app.inject({ url: page })).statusCode).toBe(404);
    const after = await scrape(ctx.app);

    const video = ['GET', '/api/videos/:id', '404'] as const;
    expect(requests(after, ...video) - requests(before, ...video)).toBe(3);
    expect(timed(after, ...video) - timed(before, ...video)).toBe(3);
    const unmatched = ['GET', 'unmatched', '404'] as const;
    expect(requests(after, ...unmatched) - requests(before, ...unmatched)).toBe(2);
    // A request that went through in full is never counted as aborted.
    expect(after).not.toMatch(/status_code="aborted"/);
    // Bounded labels: the pattern, never the URL; the scrapes themselves are not counted.
    expect(after).not.toMatch(/910001|inconnu/);
    expect(after).not.toMatch(/route="\/metrics"/);
    // Each observation lands in a bucket: the 5 ms one up to 10 s, then +Inf.
    expect(
      valueOf(after, 'plateau_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/videos/:id',
        status_code: '404',
        le: '+Inf',
      }),
    ).toBe(timed(after, ...video));
    expect(after).toMatch(/plateau_http_request_duration_seconds_bucket\{le="0\.005",/);
    expect(after).toMatch(/plateau_http_request_duration_seconds_bucket\{le="10",/);
  });

  it("tells the database pool: PostgreSQL's counts, one connection for PGlite", async () => {
    const text = await scrape(ctx.app);
    const postgres = testDatabaseKind === 'postgres';
    expect(valueOf(text, 'plateau_db_pool_max_connections')).toBe(postgres ? 10 : 1);
    expect(valueOf(text, 'plateau_db_pool_open_connections')).toBeGreaterThanOrEqual(1);
    // PGlite cannot tell an idle connection from a busy one: no value rather than a guess.
    expect(valueOf(text, 'plateau_db_pool_idle_connections') !== undefined).toBe(postgres);
    expect(valueOf(text, 'plateau_db_pool_waiting_queries')).toBe(postgres ? 0 : undefined);
  });

  it('walks the media folder at most once a minute, answering the last walk meanwhile', async () => {
    const used = async () =>
      valueOf(await scrape(ctx.app), 'plateau_storage_used_bytes', { area: 'videos' });
    const start = (await used())!;
    expect(start).toBeGreaterThanOrEqual(0);
    const folder = path.join(ctx.config.mediaDir, 'videos', '987654');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'raw.mp4'), randomBytes(12_345));
    // Within the minute, scrapes (and the time a walk would take) change nothing.
    for (let i = 0; i < 3; i += 1) {
      expect(await used()).toBe(start);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    now += MEDIA_USAGE_MAX_AGE_MS;
    // Past the minute, a scrape answers the last walk at once and starts the next one.
    await vi.waitFor(async () => expect(await used()).toBe(start + 12_345), { interval: 50 });
    const text = await scrape(ctx.app);
    expect(valueOf(text, 'plateau_storage_used_bytes', { area: 'other' })).toBe(0);
  });
});

const tus = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

/** A tus upload of 1 MiB created for the video (the creation carries no byte). */
const createTusUpload = (id: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...tus,
      ...member.auth,
      'upload-length': String(1024 * 1024),
      'upload-metadata': `videoId ${b64(String(id))},kind ${b64('video')}`,
    },
  });

describe('uploads in flight', () => {
  const inFlight = async (protocol: string) =>
    valueOf(await scrape(ctx.app), 'plateau_uploads_in_flight', { protocol });

  it('counts a multipart upload while its body arrives', async () => {
    const id = await insertVideo();
    const body = new PassThrough();
    const boundary = 'plateau-metrics-boundary';
    const pending = ctx.app.inject({
      method: 'POST',
      url: `/api/media/video/${id}`,
      headers: { ...member.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    body.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="video_upload"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    body.write(randomBytes(64 * 1024));
    await vi.waitFor(async () => expect(await inFlight('multipart')).toBe(1), { interval: 50 });
    expect(await inFlight('tus')).toBe(0);
    body.end(`\r\n--${boundary}--\r\n`);
    // Not a video: refused once read, and no longer in flight.
    expect((await pending).statusCode).toBe(400);
    await vi.waitFor(async () => expect(await inFlight('multipart')).toBe(0), { interval: 50 });
  });

  it('counts a tus PATCH while its bytes arrive, and the unfinished upload after it', async () => {
    const unfinished = async () =>
      valueOf(await scrape(ctx.app), 'plateau_resumable_uploads_unfinished');
    expect(await unfinished()).toBe(0);
    const id = await insertVideo();
    const created = await createTusUpload(id);
    expect(created.statusCode, created.body).toBe(201);
    expect(await unfinished()).toBe(1);

    const body = new PassThrough();
    const pending = ctx.app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      headers: {
        ...tus,
        ...member.auth,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: body,
    });
    body.write(randomBytes(64 * 1024));
    await vi.waitFor(async () => expect(await inFlight('tus')).toBe(1), { interval: 50 });
    expect(await inFlight('multipart')).toBe(0);
    body.end(randomBytes(64 * 1024));
    const patched = await pending;
    expect(patched.statusCode, patched.body).toBe(204);
    expect(patched.headers['upload-offset']).toBe(String(128 * 1024));
    await vi.waitFor(async () => expect(await inFlight('tus')).toBe(0), { interval: 50 });
    // Half sent: still unfinished, resumable.
    expect(await unfinished()).toBe(1);
  });

  it('stops counting an upload whose client went away, and counts its request as aborted', async () => {
    const id = await insertVideo();
    const created = await createTusUpload(id);
    expect(created.statusCode, created.body).toBe(201);
    const patch = ['PATCH', '/api/uploads/:id', 'aborted'] as const;
    const before = requests(await scrape(ctx.app), ...patch);
    // A real socket: the client's connection is cut mid-body, as a closed laptop would.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: created.headers.location as string,
      headers: {
        ...tus,
        ...member.auth,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
    });
    request.on('error', () => {});
    request.write(randomBytes(64 * 1024));
    await vi.waitFor(async () => expect(await inFlight('tus')).toBe(1), { interval: 50 });
    request.destroy();
    await vi.waitFor(
      async () => {
        const text = await scrape(ctx.app);
        expect(valueOf(text, 'plateau_uploads_in_flight', { protocol: 'tus' })).toBe(0);
        expect(requests(text, ...patch)).toBe(before + 1);
      },
      { interval: 50 },
    );
  });
});
