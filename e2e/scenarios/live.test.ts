import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import type { Direct, DirectBroadcast, LiveStatus, Video } from '@plateau/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testTmpDir } from '../../apps/server/src/test/test-env.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { readLiveClock, stampedEncoder, type ClockReader } from '../support/live-clock.ts';
import { plateau } from '../support/plateau.ts';
import { holdMachine, MACHINE_WAIT_MS } from '../../apps/server/src/test/machine-lock.ts';

/**
 * Plateau Live from end to end: ffmpeg publishes a test pattern with sound to the embedded
 * ingest as OBS would, a member watches it play in Chromium, a visitor is refused on a
 * school-only live, the encoder is cut and comes back within the grace, the geek ends the
 * live, and the REDIFF waiting in /pending lasts what was sent and plays.
 */
const run = promisify(execFile);
const { visit } = useBrowser();
const workDir = mkdtempSync(path.join(testTmpDir, 'e2e-live-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/**
 * What the encoder sends before its cut and after it, encoded once. Both are longer than the
 * test needs: the test cuts each (as a dropped connection does) once it has seen what it wanted,
 * so a slow machine never sees the live stop on its own before then.
 */
const streams = {
  before: path.join(workDir, 'before.flv'),
  after: path.join(workDir, 'after.flv'),
};
/** A test pattern with sound as an encoder sends it, a keyframe every `gop` frames (30/s). */
const encodeStream = (file: string, seconds: number, gop: number) =>
  run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(gop), '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-f', 'flv', file],
  ]);

beforeAll(async () => {
  await encodeStream(streams.before, 90, 60);
  await encodeStream(streams.after, 60, 60);
});

// Latencies are real time: no other live beside these (a server test's live put a viewer 1.3 s
// behind the other).
let releaseMachine: (() => Promise<void>) | undefined;
beforeAll(async () => {
  releaseMachine = await holdMachine('live');
}, MACHINE_WAIT_MS);
afterAll(() => releaseMachine?.());

/**
 * An encoder sending a file, or encoding as it sends (ffmpeg's arguments before its output):
 * `ended` when it stops, `cut()` drops it as a lost connection does.
 */
const publish = (source: string | string[], key: string) => {
  const startedAt = Date.now();
  const sent =
    typeof source === 'string'
      ? ['-hide_banner', '-loglevel', 'error', '-re', '-i', source, '-c', 'copy']
      : source;
  const child = spawn(
    'ffmpeg',
    [...sent, '-f', 'flv', `rtmp://127.0.0.1:${plateau().rtmpPort}/live/${key}`],
    { stdio: 'ignore' },
  );
  const ended = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const cut = async () => {
    child.kill('SIGKILL');
    await ended;
    return (Date.now() - startedAt) / 1000;
  };
  return { ended, cut };
};

/** How long the early viewer of « Latence faible » loses the network. */
const OFFLINE_MS = 5_000;
/** When the second viewer of « Latence faible » opens the page, after the encoder started. */
const LATE_JOIN_MS = 60_000;

/** A message written in the direct's chat, as a viewer types it. */
const say = async (page: Page, text: string) => {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await page.getByRole('log', { name: 'Messages du chat' }).getByText(text).waitFor();
};

const statusOf = (api: ApiCall, id: number) => api<LiveStatus>('GET', `directs/${id}/live`);

/**
 * A live that starts while no direct is « DT en cours » becomes it, and the other scenarios
 * expect the seeded one there: the site's current direct as it was before, to put back after.
 */
const keepCurrentDirect = async (api: ApiCall) => {
  const before = (await api<{ directs: Direct[] }>('GET', 'currentDirect')).directs[0]?.id ?? -1;
  return () => api('PUT', `currentDirect/${before}`);
};

/**
 * A minute after the encoder started, a second student opens the direct's page: both see the
 * stage within half a second of each other, whenever they came (their distances to the stage in
 * the message when they do not).
 */
const expectLateViewerWithEarly = async (id: number, startedAt: number, early: ClockReader) => {
  await sleep(startedAt + LATE_JOIN_MS - Date.now());
  const late = await visit();
  await signIn(late, 'spectateur');
  await late.goto(`/direct?d=${id}`);
  await expectPlaying(late);
  const latest = await readLiveClock(late);
  const together = async () => {
    const both = { early: await early.behind(), late: await latest.behind() };
    return Math.abs(both.early - both.late) <= 500 || both;
  };
  await expect.poll(together, { timeout: 45_000, interval: 1000 }).toBe(true);
};

/**
 * A school-only direct broadcast into Plateau, dated 2001-05-`day`: older than every seeded
 * direct, so the other scenarios' neighbours and lists stay theirs.
 */
const broadcastingDirect = async (api: ApiCall, title: string, day: number) => {
  const direct = await api<Direct>('POST', 'directs', {
    title,
    privacy: 1,
    date: `2001-05-${day}T20:00:00Z`,
  });
  const { streamKey } = await api<DirectBroadcast>('PUT', `directs/${direct.id}/broadcast`, {
    enabled: true,
  });
  return { direct, streamKey: streamKey! };
};

/** The live player's time, a few seconds apart: it moves while the live plays. */
const expectPlaying = async (page: Page) => {
  const time = () => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
  const first = await time();
  await expect.poll(time, { timeout: 20_000 }).toBeGreaterThan(first + 1);
};

it('a direct broadcast into Plateau plays live, survives a cut, and ends as its REDIFF', async () => {
  const geek = await apiAs('e2e-geek');
  const member = await apiAs('membre');
  const restoreCurrent = await keepCurrentDirect(geek.api);
  const direct = await geek.api<Direct>('POST', 'directs', {
    title: 'Soirée en direct',
    privacy: 1,
    // Older than every seeded direct: the other scenarios' neighbours and lists stay theirs.
    date: '2001-05-17T20:00:00Z',
    chat: true,
  });

  // The geek turns broadcasting on from the edit page and finds the server and the key there.
  const regie = await visit();
  await signIn(regie, 'e2e-geek');
  await regie.goto(`/editDirect/${direct.id}`);
  // Clicked, then seen on: the switch turns once the query cache has the change (a tick later),
  // which `check()` does not wait for.
  const broadcasting = regie.getByLabel('Diffuser sur Plateau');
  await broadcasting.click();
  await expect.poll(() => broadcasting.isChecked()).toBe(true);
  const server = regie.getByLabel('Serveur', { exact: true });
  await expect.poll(() => server.inputValue()).toBe(`rtmp://localhost:${plateau().rtmpPort}/live`);
  const { streamKey } = await geek.api<DirectBroadcast>('GET', `directs/${direct.id}/broadcast`);
  expect(streamKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
  const key = regie.getByLabel('Clé de stream', { exact: true });
  expect(await key.inputValue()).not.toContain(streamKey!);
  await regie.getByRole('button', { name: 'Afficher' }).click();
  await expect.poll(() => key.inputValue()).toBe(streamKey);

  const first = publish(streams.before, streamKey!);
  await expect
    .poll(async () => (await statusOf(member.api, direct.id)).state, { timeout: 20_000 })
    .toBe('live');

  // A member watches: the page plays the live, with its LIVE badge.
  const viewer = await visit();
  await signIn(viewer, 'membre');
  await viewer.goto(`/direct?d=${direct.id}`);
  await viewer.getByTestId('live-badge').waitFor();
  // It starts by itself (muted if the browser wants a touch first).
  await expectPlaying(viewer);
  await say(viewer, 'Le rideau se lève');
  // Paused for the picture: playing, the controls fade out after 3 s, and axe would catch them
  // mid-fade.
  const player = viewer.locator('video');
  await player.evaluate((media: HTMLVideoElement) => media.pause());
  await look(viewer, 'direct-en-direct');
  await player.evaluate((media: HTMLVideoElement) => media.play());

  // A visitor is refused the school-only live: its playlist and its segments.
  const { playlist } = await statusOf(member.api, direct.id);
  // The source's own playlist, once it lists a segment (a new part starts with none).
  const sourcePlaylist = `${plateau().baseUrl}/api/media/live/${direct.id}/source/index.m3u8?token=${member.token}`;
  let source = '';
  await expect
    .poll(
      async () => {
        const answer = await fetch(sourcePlaylist);
        source = `${answer.status} ${await answer.text()}`;
        return /seg-\d+-\d+\.ts/.test(source) ? 'listed' : source.slice(0, 300);
      },
      { timeout: 20_000 },
    )
    .toBe('listed');
  const segment = /seg-\d+-\d+\.ts/.exec(source)![0];
  expect((await fetch(`${plateau().baseUrl}${playlist}`)).status).toBe(401);
  const visitorSegment = await fetch(
    `${plateau().baseUrl}/api/media/live/${direct.id}/source/${segment}`,
  );
  expect(visitorSegment.status).toBe(401);

  // The encoder drops (its connection is cut) and comes back within the grace: the page keeps
  // playing.
  const firstSent = await first.cut();
  await expect
    .poll(async () => (await statusOf(member.api, direct.id)).state, { timeout: 20_000 })
    .toBe('reconnecting');
  const second = publish(streams.after, streamKey!);
  await expect
    .poll(async () => (await statusOf(member.api, direct.id)).state, { timeout: 20_000 })
    .toBe('live');
  await expectPlaying(viewer);
  await say(viewer, 'Bravo !');
  // The encoder's last second or so before a cut never reaches the recording: it runs on past
  // the message, as a show does.
  await sleep(4_000);
  const secondSent = await second.cut();

  // The geek ends it; the page says so and offers the REDIFF.
  await regie.reload();
  await regie.getByRole('button', { name: 'Terminer le direct' }).click();
  await regie.getByRole('dialog').getByRole('button', { name: 'Terminer le direct' }).click();
  await viewer.getByText('Le direct est terminé.').waitFor({ timeout: 30_000 });
  await viewer.getByRole('link', { name: 'Voir la REDIFF' }).waitFor({ timeout: 30_000 });
  const { rediffVideoId } = await statusOf(member.api, direct.id);
  const video = (await member.api<{ videos: Video[] }>('GET', `videos/${rediffVideoId}`))
    .videos[0]!;
  expect(video.title).toBe('Soirée en direct');
  expect(video.processing).toBe(1);

  // The REDIFF lasts what was sent (both parts until their cuts) and plays: a cut may lose the
  // few seconds the ingest had not yet written, never a whole part.
  const duration = await viewer.evaluate(
    async ({ id, token }) => {
      const media = document.createElement('video');
      media.muted = true;
      media.src = `/api/media/video/${id}/0?token=${token}`;
      document.body.append(media);
      await media.play();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return { duration: media.duration, time: media.currentTime };
    },
    { id: rediffVideoId!, token: member.token },
  );
  expect(duration.duration).toBeGreaterThan(firstSent + secondSent - 5);
  expect(duration.duration).toBeLessThan(firstSent + secondSent + 1);
  expect(duration.time).toBeGreaterThan(0.5);

  // « Revoir le chat »: the REDIFF's page shows each message at its moment, the second one
  // after the first part (the encoder's cut and its time away count for nothing).
  await viewer.goto(`/video?v=${rediffVideoId}`);
  const replay = viewer.getByRole('region', { name: 'Revoir le chat' });
  await replay.getByText('Les messages apparaîtront au fil de la vidéo.').waitFor();
  const rediffPlayer = viewer.locator('video');
  await rediffPlayer.evaluate((media: HTMLVideoElement) => {
    media.pause();
    media.currentTime = media.duration;
  });
  const times = replay.getByRole('button', { name: /^Aller à / });
  await expect.poll(() => times.count()).toBe(2);
  const at = async (index: number) => {
    const [minutes, seconds] = (await times.nth(index).innerText()).split(':').map(Number);
    return minutes! * 60 + seconds!;
  };
  expect(await at(0)).toBeLessThan(firstSent);
  expect(await at(1)).toBeGreaterThanOrEqual(Math.floor(firstSent) - 1);
  await replay.getByText('Bravo !').waitFor();
  await look(viewer, 'revoir-le-chat');
  // Its time takes the video there; the later message goes until its moment comes again.
  await times.first().click();
  await expect
    .poll(() => rediffPlayer.evaluate((media: HTMLVideoElement) => media.currentTime))
    .toBeLessThan(firstSent);
  await replay.getByText('Bravo !').waitFor({ state: 'detached' });
  await replay.getByText('Le rideau se lève').waitFor();
  // The same panel in the light theme, every message shown.
  await viewer.evaluate(() => localStorage.setItem('themeMode', '1'));
  await viewer.reload();
  await replay.getByText('Les messages apparaîtront au fil de la vidéo.').waitFor();
  await rediffPlayer.evaluate((media: HTMLVideoElement) => {
    media.pause();
    media.currentTime = media.duration;
  });
  await replay.getByText('Bravo !').waitFor();
  await look(viewer, 'revoir-le-chat-clair');
  await restoreCurrent();
}, 240_000);

it('standard latency: a student who opens the direct a minute in sees the stage when one there from the start does', async () => {
  const geek = await apiAs('e2e-geek');
  const restoreCurrent = await keepCurrentDirect(geek.api);
  const { direct, streamKey } = await broadcastingDirect(geek.api, 'Concert du soir', 15);
  // An encoder with a keyframe every 2 s, the wall clock in its pictures.
  const encoder = publish(stampedEncoder(60), streamKey);
  const startedAt = Date.now();
  const early = await visit();
  await signIn(early, 'membre');
  await early.goto(`/direct?d=${direct.id}`);
  await early.getByTestId('live-badge').waitFor({ timeout: 30_000 });
  await expectPlaying(early);
  await expectLateViewerWithEarly(direct.id, startedAt, await readLiveClock(early));

  await encoder.cut();
  await geek.api('POST', `directs/${direct.id}/live/end`);
  await restoreCurrent();
}, 180_000);

it('« Latence faible »: the geek turns it on, the encoder’s next connection is served in parts, the page plays them', async () => {
  const geek = await apiAs('e2e-geek');
  const member = await apiAs('membre');
  const restoreCurrent = await keepCurrentDirect(geek.api);
  const { direct, streamKey } = await broadcastingDirect(geek.api, 'Match en latence faible', 16);

  // The edit page: the switch, what to set in the encoder, applied at once.
  const regie = await visit();
  await signIn(regie, 'e2e-geek');
  await regie.goto(`/editDirect/${direct.id}`);
  const lowLatency = regie.getByLabel('Latence faible');
  await regie.getByText(/Réglez l’intervalle d’images clés de l’encodeur sur 1 s/).waitFor();
  await lowLatency.click();
  await regie
    .getByText('Latence faible activée : elle s’applique au prochain lancement du flux')
    .waitFor();
  await expect.poll(() => lowLatency.isChecked()).toBe(true);
  // The switch in the picture, at each size.
  await look(regie, 'edit-direct-latence-faible', () => lowLatency.scrollIntoViewIfNeeded());

  // An encoder with a keyframe every second, as the page asks, the wall clock in its pictures.
  const encoder = publish(stampedEncoder(30), streamKey);
  const startedAt = Date.now();
  await expect
    .poll(async () => (await statusOf(member.api, direct.id)).lowLatency, { timeout: 20_000 })
    .toBe(true);

  // The member's page asks for the low-latency playlists and their parts, and plays.
  const viewer = await visit();
  const asked: string[] = [];
  viewer.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await signIn(viewer, 'membre');
  await viewer.goto(`/direct?d=${direct.id}`);
  await viewer.getByTestId('live-badge').waitFor();
  await expectPlaying(viewer);
  expect(asked.some((url) => url.endsWith('/ll.m3u8'))).toBe(true);
  expect(asked.some((url) => /\/ll-\w+-p\d+\.m4s$/.test(url))).toBe(true);
  expect(asked.some((url) => url.endsWith('.ts'))).toBe(false);
  const early = await readLiveClock(viewer);

  // The edit page says the live on the air is in low latency.
  await regie.reload();
  await regie.getByText('Le direct en cours est diffusé en latence faible.').waitFor({
    timeout: 20_000,
  });
  await look(regie, 'edit-direct-latence-faible-en-direct', () =>
    lowLatency.scrollIntoViewIfNeeded(),
  );
  // And in the light theme (its warning colour on white once failed axe's contrast).
  await regie.evaluate(() => localStorage.setItem('themeMode', '1'));
  await regie.reload();
  await regie.getByText('Le direct en cours est diffusé en latence faible.').waitFor();
  await look(regie, 'edit-direct-latence-faible-clair', () => lowLatency.scrollIntoViewIfNeeded());
  // Still playing, across the segments cut since (each one dated where the last ended).
  await expectPlaying(viewer);

  // The early viewer's network drops for a few seconds (a phone between two rooms): the
  // picture stops, and plays again once it is back.
  await expect.poll(() => early.behind(), { timeout: 20_000 }).toBeGreaterThan(0);
  const stallsBefore = await early.stalls();
  const network = await viewer.context().newCDPSession(viewer);
  await network.send('Network.enable');
  const cut = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
  await network.send('Network.emulateNetworkConditions', { ...cut, offline: true });
  await sleep(OFFLINE_MS);
  await network.send('Network.emulateNetworkConditions', { ...cut, offline: false });
  expect(await early.stalls()).toBeGreaterThan(stallsBefore);
  await expectPlaying(viewer);

  // The first has caught up by the time a second student comes.
  await expectLateViewerWithEarly(direct.id, startedAt, early);

  await encoder.cut();
  await geek.api('POST', `directs/${direct.id}/live/end`);
  await viewer.getByText('Le direct est terminé.').waitFor({ timeout: 30_000 });
  await restoreCurrent();
}, 180_000);
