import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesFile } from '../../testing/files.ts';
import { makeToken } from '../../testing/tokens.ts';
import { serveTus, tusFailure } from '../../testing/tus-server.ts';
import { ApiError } from '../api.ts';
import { getSession, signIn } from '../session.ts';
import { startResumableUpload, type UploadPhase } from './resumable-upload.ts';
import { storedUploads } from './stored-uploads.ts';

const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => {});

const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

afterEach(() => {
  vi.restoreAllMocks();
  setOnline(true);
});

const member = () => {
  const token = makeToken({ user: 7, role: 'plateau' });
  signIn(token);
  return token;
};

describe('resumable upload', () => {
  it('creates the upload with the bearer and the metadata, sends the file, then forgets it', async () => {
    const token = member();
    const { calls } = serveTus();
    const phases: UploadPhase[] = [];
    const percents: number[] = [];
    const upload = await startResumableUpload({
      videoId: 31,
      kind: 'video',
      file: bytesFile('Gala 2026.mp4', 4000),
      onPhase: (phase) => phases.push(phase),
      onProgress: (progress) => percents.push(progress.percent),
    });
    await upload.finished;

    expect(calls.map((call) => call.method)).toEqual(['POST', 'PATCH']);
    expect(calls[0]).toMatchObject({
      authorization: `Bearer ${token}`,
      tusResumable: '1.0.0',
      length: 4000,
      metadata: { videoId: '31', kind: 'video', filename: 'Gala 2026.mp4', filetype: 'video/mp4' },
    });
    expect(calls[1]).toMatchObject({ authorization: `Bearer ${token}`, offset: 0, bytes: 4000 });
    expect(phases).toEqual(['verifying', 'done']);
    expect(percents.at(-1)).toBe(100);
    expect(storedUploads()).toEqual([]);
  });

  it('resumes from the offset the server gives after a cut', async () => {
    member();
    quietErrors();
    const { calls, uploads } = serveTus({ cutAt: 1500 });
    const upload = await startResumableUpload({
      videoId: 31,
      kind: 'video',
      file: bytesFile('match.mp4', 4000),
    });
    await upload.finished;

    expect(calls.map((call) => call.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
    // The second PATCH starts where the server stopped, and sends only the rest.
    expect(calls[3]).toMatchObject({ offset: 1500, bytes: 2500 });
    expect([...uploads.values()][0]?.offset).toBe(4000);
  });

  it("shows the server's French message when the last PATCH is refused, and forgets the upload", async () => {
    member();
    quietErrors();
    const { calls } = serveTus({
      finish: () => tusFailure(400, "Le fichier n'est pas une vidéo MP4 lisible"),
    });
    const phases: UploadPhase[] = [];
    const upload = await startResumableUpload({
      videoId: 31,
      kind: 'video',
      file: bytesFile('faux.mp4', 2000),
      onPhase: (phase) => phases.push(phase),
    });
    const failure = await upload.finished.then(
      () => null,
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      message: "Le fichier n'est pas une vidéo MP4 lisible",
    });
    expect(phases.at(-1)).toBe('failed');
    expect(calls.map((call) => call.method)).toEqual(['POST', 'PATCH']);
    expect(storedUploads()).toEqual([]);
  });

  it('does not try a refused creation again (413)', async () => {
    member();
    quietErrors();
    const { calls } = serveTus({
      create: () => tusFailure(413, 'Le fichier dépasse la taille maximale autorisée'),
    });
    const upload = await startResumableUpload({
      videoId: 31,
      kind: 'video',
      file: bytesFile('enorme.mp4', 3000),
    });
    await expect(upload.finished).rejects.toMatchObject({
      status: 413,
      message: 'Le fichier dépasse la taille maximale autorisée',
    });
    // A retry would have come at once (its first delay is 0): give it the time to show up.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => call.method)).toEqual(['POST']);
  });

  it('does not try a creation refused for want of disk space (507) again, and says why', async () => {
    member();
    quietErrors();
    const { calls } = serveTus({
      create: () =>
        tusFailure(
          507,
          'Espace disque insuffisant sur le serveur, envoi refusé. Prévenez un geek.',
        ),
    });
    const upload = await startResumableUpload({
      videoId: 31,
      kind: 'video',
      file: bytesFile('plein.mp4', 3000),
    });
    await expect(upload.finished).rejects.toMatchObject({
      status: 507,
      message: 'Espace disque insuffisant sur le serveur, envoi refusé. Prévenez un geek.',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => call.method)).toEqual(['POST']);
    expect(storedUploads()).toEqual([]);
  });

  it('tries a server failure (5xx) again', async () => {
    member();
    quietErrors();
    let refusals = 1;
    const { calls } = serveTus({
      create: () => (refusals-- > 0 ? tusFailure(503, 'Service indisponible') : undefined),
    });
    const upload = await startResumableUpload({
      videoId: 31,
      kind: 'video',
      file: bytesFile('retour.mp4', 1000),
    });
    await upload.finished;
    expect(calls.map((call) => call.method)).toEqual(['POST', 'POST', 'PATCH']);
  });

  it('keeps an unfinished upload for its person, and a new start of the same file resumes it', async () => {
    member();
    let held = 0;
    // The first PATCH never ends: the page is left while it runs.
    const first = serveTus({
      hold: () => (held++ === 0 ? new Promise<void>(() => {}) : undefined),
    });
    const upload = await startResumableUpload({
      videoId: 31,
      kind: 'video',
      file: bytesFile('reunion.mp4', 5000),
    });
    await vi.waitFor(() => expect(storedUploads()).toHaveLength(1));
    expect(storedUploads()[0]).toMatchObject({
      userId: getSession().userId,
      videoId: 31,
      kind: 'video',
      fileName: 'reunion.mp4',
      size: 5000,
    });
    // The page is left (or reloaded) while the PATCH is in flight: 2000 bytes had arrived.
    upload.stop();
    await expect(upload.finished).rejects.toMatchObject({ name: 'AbortError' });
    // 2000 bytes had reached the server's disk.
    const [created] = [...first.uploads.values()];
    expect(created).toBeDefined();
    if (created) created.offset = 2000;

    const again = await startResumableUpload({
      videoId: 31,
      kind: 'video',
      file: bytesFile('reunion.mp4', 5000),
    });
    await again.finished;
    expect(first.calls.map((call) => [call.method, call.offset, call.bytes])).toEqual([
      ['POST', undefined, undefined],
      ['HEAD', undefined, undefined],
      ['PATCH', 2000, 3000],
    ]);
    expect(first.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(storedUploads()).toEqual([]);
  });

  it('waits offline, then carries on from the server offset when the network returns', async () => {
    member();
    let held = 0;
    const { calls } = serveTus({
      hold: () => (held++ === 0 ? new Promise<void>(() => {}) : undefined),
    });
    const phases: UploadPhase[] = [];
    const upload = await startResumableUpload({
      videoId: 31,
      kind: 'video',
      file: bytesFile('cours.mp4', 3000),
      onPhase: (phase) => phases.push(phase),
    });
    await vi.waitFor(() => expect(storedUploads()).toHaveLength(1));
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
    expect(phases).toEqual(['offline']);

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await upload.finished;
    expect(phases).toEqual(['offline', 'uploading', 'verifying', 'done']);
    expect(calls.map((call) => call.method)).toContain('HEAD');
  });

  it('cancel removes the upload from the server and from this browser', async () => {
    member();
    const { calls, uploads } = serveTus({ hold: () => new Promise<void>(() => {}) });
    const upload = await startResumableUpload({
      videoId: 31,
      kind: 'video',
      file: bytesFile('doublon.mp4', 3000),
    });
    await vi.waitFor(() => expect(storedUploads()).toHaveLength(1));
    await upload.cancel();
    await expect(upload.finished).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls.map((call) => call.method)).toEqual(['POST', 'DELETE']);
    expect(uploads.size).toBe(0);
    expect(storedUploads()).toEqual([]);
  });
});
