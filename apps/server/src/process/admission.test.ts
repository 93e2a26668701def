import { setImmediate as nextTurn } from 'node:timers/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { admission, admissionLimits, createLane, laneOf } from './admission.ts';

describe('admission lanes', () => {
  it('lets `concurrency` requests in, the others in order of arrival, one more per turn', async () => {
    const lane = createLane({ concurrency: 2, maxWaiting: 10 });
    const order: number[] = [];
    const leaves = await Promise.all([lane.enter(), lane.enter()]);
    const waiting = [3, 4, 5].map((n) =>
      lane.enter().then((leave) => {
        order.push(n);
        return leave;
      }),
    );
    await nextTurn();
    expect({ active: lane.active, waiting: lane.waiting, order }).toEqual({
      active: 2,
      waiting: 3,
      order: [],
    });
    leaves[0]!();
    leaves[0]!(); // once only
    expect(order, 'handed over on a later turn').toEqual([]);
    await nextTurn();
    expect(order).toEqual([3]);
    leaves[1]!();
    (await waiting[0])!();
    await nextTurn();
    expect(order).toEqual([3, 4, 5]);
    for (const entry of waiting.slice(1)) (await entry)!();
    expect({ active: lane.active, waiting: lane.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it('turns away past `maxWaiting`, and forgets a waiting request whose client left', async () => {
    const lane = createLane({ concurrency: 1, maxWaiting: 1 });
    const first = await lane.enter();
    const second = lane.enter();
    expect(await lane.enter(), 'the queue is full').toBeNull();
    expect(lane.cancel(second)).toBe(true);
    expect(lane.waiting).toBe(0);
    first!();
    expect(lane.active).toBe(0);
  });

  it('with a slice, lets requests in during the first `sliceMs` of a turn only', async () => {
    let time = 0;
    const lane = createLane({ concurrency: 2, maxWaiting: 10, sliceMs: 20, now: () => time });
    const order: string[] = [];
    // The embedded database: each request is answered within its turn, its place given back.
    const request = async (name: string, cost: number) => {
      const leave = (await lane.enter())!;
      order.push(name);
      time += cost;
      leave();
    };
    const all = Promise.all([
      request('a', 15),
      request('b', 15),
      request('c', 15),
      request('d', 1),
    ]);
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    // a and b at 0 ms; c when a gave its place back, 15 ms into the turn; d past the 20 ms.
    expect(order).toEqual(['a', 'b', 'c']);
    await nextTurn();
    expect(order, 'd on the next turn').toEqual(['a', 'b', 'c', 'd']);
    await all;
  });

  it('sorts requests by route: API, stored media, and those that never wait', () => {
    const lane = (url: string | undefined, method = 'GET') =>
      laneOf({ method, routeOptions: { url } } as Parameters<typeof laneOf>[0]);
    expect({
      list: lane('/api/videos'),
      write: lane('/api/videos/:id', 'PUT'),
      range: lane('/api/media/video/:id/:resolution'),
      hls: lane('/api/media/hls/:id/:file', 'HEAD'),
      upload: lane('/api/media/video/:id', 'POST'),
      tus: lane('/api/uploads/:id', 'PATCH'),
      livePlaylist: lane('/api/media/live/:id/:variant/index.m3u8'),
      health: lane('/api/health'),
      webApp: lane('/assets/*'),
      noRoute: lane(undefined),
    }).toEqual({
      list: 'api',
      write: 'api',
      range: 'media',
      hls: 'media',
      upload: null,
      tus: null,
      livePlaylist: null,
      health: null,
      webApp: null,
      noRoute: null,
    });
  });

  it('holds a place from the door to the answer, or until the client leaves', async () => {
    const app = Fastify();
    await app.register(admission, { lanes: { api: { concurrency: 1, maxWaiting: 1 } } });
    let unblock!: () => void;
    const blocked = new Promise<void>((resolve) => (unblock = resolve));
    app.get('/api/slow', async () => {
      await blocked;
      return { ok: true };
    });
    app.get('/api/fast', async () => ({ ok: true }));
    app.get('/api/health', async () => ({ ok: true }));
    const lane = app.admissionLanes.api!;
    const slow = app.inject('/api/slow');
    await nextTurn();
    const fast = app.inject('/api/fast');
    await nextTurn();
    expect({ active: lane.active, waiting: lane.waiting }).toEqual({ active: 1, waiting: 1 });
    const turnedAway = await app.inject('/api/fast');
    expect(turnedAway.statusCode).toBe(503);
    expect(turnedAway.headers['retry-after']).toBe('2');
    expect((await app.inject('/api/health')).statusCode, 'never waits').toBe(200);
    unblock();
    expect((await slow).statusCode).toBe(200);
    expect((await fast).statusCode).toBe(200);
    expect({ active: lane.active, waiting: lane.waiting }).toEqual({ active: 0, waiting: 0 });
    await app.close();
  });

  it('has no door with PLATEAU_ADMISSION=off, and takes places from it', () => {
    expect(admissionLimits('postgres', 'off')).toEqual({ lanes: {}, collectAfterCrowd: false });
    expect(admissionLimits('postgres', 'gc:0').collectAfterCrowd).toBe(false);
    expect(admissionLimits('pglite', 'api:4').lanes.api?.concurrency).toBe(4);
    expect(admissionLimits('pglite', undefined).lanes.api?.concurrency).toBe(2);
    expect(admissionLimits('postgres', undefined).lanes.api?.concurrency).toBe(10);
  });
});
