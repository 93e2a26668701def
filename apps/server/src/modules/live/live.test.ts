import { Privacy } from '@plateau/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { postDirect } from '../../test/directs.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { enableBroadcast, liveStatus } from './live.test-support.ts';

const ctx = useTestApp({ env: { RTMP_PORT: '1935', PUBLIC_URL: 'https://plateau.example' } });

let geek: TestUser;
let member: TestUser;
let user: TestUser;
beforeAll(async () => {
  geek = await ctx.createUser('geek');
  member = await ctx.createUser('plateau');
  user = await ctx.createUser('user');
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who?: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload && { payload }) });

describe('broadcast settings of a direct', () => {
  it('are for geeks only: 401 for a visitor, 403 for a member or a user, 404 for no direct', async () => {
    const direct = await postDirect(ctx, geek, { title: 'Réservé', privacy: Privacy.Public });
    const routes = [
      ['GET', `/api/directs/${direct.id}/broadcast`, undefined],
      ['PUT', `/api/directs/${direct.id}/broadcast`, { enabled: true }],
      ['PUT', `/api/directs/${direct.id}/broadcast`, { lowLatency: true }],
      ['POST', `/api/directs/${direct.id}/broadcast/key`, undefined],
      ['POST', `/api/directs/${direct.id}/live/end`, undefined],
      ['GET', '/api/liveSettings', undefined],
      ['PUT', '/api/liveSettings', { liveSetsCurrent: false, publishRediff: true }],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      expect((await call(method, url, member, body)).statusCode, url).toBe(403);
      expect((await call(method, url, user, body)).statusCode, url).toBe(403);
    }
    expect((await call('GET', '/api/directs/999999/broadcast', geek)).statusCode).toBe(404);
    expect((await call('GET', `/api/directs/${direct.id}/broadcast`, geek)).json()).toEqual({
      enabled: false,
      serverUrl: 'rtmp://plateau.example:1935/live',
      streamKey: null,
      lowLatency: false,
    });
    // Nothing changed for anyone.
    expect((await liveStatus(ctx, direct.id)).state).toBe('off');
  });

  it('"Diffuser sur Plateau" gives a key and points the LIVE button at Plateau’s own page', async () => {
    const direct = await postDirect(ctx, geek, {
      title: 'Gala',
      privacy: Privacy.Public,
      liveUrl: 'https://youtube.example/watch',
    });
    const enabled = await enableBroadcast(ctx, geek, direct.id);
    expect(enabled.streamKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const ownPage = `https://plateau.example/direct?d=${direct.id}`;
    expect((await call('GET', `/api/directs/${direct.id}`)).json().directs[0].liveUrl).toBe(
      ownPage,
    );
    // /dt and the LIVE button read the current direct's liveUrl: they lead to Plateau now.
    await call('PUT', `/api/currentDirect/${direct.id}`, geek);
    expect((await call('GET', '/api/currentLive')).json()).toEqual({ url: ownPage });
    expect((await liveStatus(ctx, direct.id)).state).toBe('waiting');

    // Turning it on again keeps the key an encoder already has.
    expect((await enableBroadcast(ctx, geek, direct.id)).streamKey).toBe(enabled.streamKey);
    const regenerated = (
      await call('POST', `/api/directs/${direct.id}/broadcast/key`, geek)
    ).json();
    expect(regenerated.streamKey).not.toBe(enabled.streamKey);
    expect(regenerated.streamKey).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const off = await call('PUT', `/api/directs/${direct.id}/broadcast`, geek, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, streamKey: null });
    expect((await call('GET', `/api/directs/${direct.id}`)).json().directs[0].liveUrl).toBe('');
    expect((await liveStatus(ctx, direct.id)).state).toBe('off');
    const again = await call('POST', `/api/directs/${direct.id}/broadcast/key`, geek);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Diffuser sur Plateau');
  });

  it('« Latence faible » is a switch of its own, kept with the direct, that leaves the key alone', async () => {
    const direct = await postDirect(ctx, geek, { title: 'Match', privacy: Privacy.Public });
    const { streamKey } = await enableBroadcast(ctx, geek, direct.id);
    const url = `/api/directs/${direct.id}/broadcast`;
    const low = await call('PUT', url, geek, { lowLatency: true });
    expect(low.json()).toMatchObject({ enabled: true, streamKey, lowLatency: true });
    expect((await call('GET', url, geek)).json()).toMatchObject({ streamKey, lowLatency: true });
    // Broadcasting off and on again: the choice stays, the key is a new one.
    await call('PUT', url, geek, { enabled: false });
    const back = (await call('PUT', url, geek, { enabled: true })).json();
    expect(back).toMatchObject({ enabled: true, lowLatency: true });
    // Both at once, and neither (nothing changes).
    expect(
      (await call('PUT', url, geek, { enabled: true, lowLatency: false })).json(),
    ).toMatchObject({ enabled: true, streamKey: back.streamKey, lowLatency: false });
    expect((await call('PUT', url, geek, {})).json()).toMatchObject({ lowLatency: false });
    expect((await call('PUT', url, geek, { lowLatency: 'oui' })).statusCode).toBe(400);
    expect((await call('GET', url, geek)).json()).toMatchObject({
      enabled: true,
      lowLatency: false,
    });
  });

  it('ending a direct that is not live is a clear 409; bad bodies are 400 and change nothing', async () => {
    const direct = await postDirect(ctx, geek, { title: 'Calme', privacy: Privacy.Public });
    const end = await call('POST', `/api/directs/${direct.id}/live/end`, geek);
    expect(end.statusCode).toBe(409);
    expect(end.json().message).toBe("Il n'y a pas de direct en cours pour ce DT");
    expect(
      (await call('PUT', `/api/directs/${direct.id}/broadcast`, geek, { enabled: 'yes' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/api/liveSettings', geek, { liveSetsCurrent: true })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/liveSettings', geek)).json()).toEqual({
      liveSetsCurrent: true,
      publishRediff: false,
    });
    const put = await call('PUT', '/api/liveSettings', geek, {
      liveSetsCurrent: false,
      publishRediff: true,
    });
    expect(put.json()).toEqual({ liveSetsCurrent: false, publishRediff: true });
    expect((await liveStatus(ctx, direct.id)).state).toBe('off');
  });
});

describe('live status and live media', () => {
  it('follow the direct’s visibility; no live is a 404; a crafted name never reaches a file', async () => {
    const school = await postDirect(ctx, geek, { title: 'Interne', privacy: Privacy.School });
    await enableBroadcast(ctx, geek, school.id);
    expect((await call('GET', `/api/directs/${school.id}/live`)).statusCode).toBe(401);
    expect((await liveStatus(ctx, school.id, user)).state).toBe('waiting');
    expect((await call('GET', `/api/media/live/${school.id}/master.m3u8`)).statusCode).toBe(401);
    const notLive = await call('GET', `/api/media/live/${school.id}/master.m3u8`, member);
    expect(notLive.statusCode).toBe(404);
    expect(notLive.json().message).toBe("Le direct n'est pas en cours");
    for (const url of [
      `/api/media/live/${school.id}/..%2F..%2Fjwt-secret/index.m3u8`,
      `/api/media/live/${school.id}/source/..%2Findex.m3u8`,
      `/api/media/live/${school.id}/source/seg-1-1.ts`,
      `/api/media/live/${school.id}/4k/index.m3u8`,
      `/api/media/live/0/master.m3u8`,
    ]) {
      expect((await call('GET', url, member)).statusCode, url).toBe(400);
    }
  });
});
