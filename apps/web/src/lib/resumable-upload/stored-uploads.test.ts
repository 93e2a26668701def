import { describe, expect, it } from 'vitest';
import { bytesFile } from '../../testing/files.ts';
import { makeToken } from '../../testing/tokens.ts';
import { serveTus } from '../../testing/tus-server.ts';
import { signIn, signOut } from '../session.ts';
import { startResumableUpload } from './resumable-upload.ts';
import { storedUploads } from './stored-uploads.ts';
import { guardStoredUploads, STORAGE_PREFIX } from './upload-guard.ts';

const plateauKeys = () => Object.keys(localStorage).filter((key) => key.startsWith(STORAGE_PREFIX));

const unfinishedUpload = async () => {
  serveTus({ hold: () => new Promise<void>(() => {}) });
  const upload = await startResumableUpload({
    videoId: 12,
    kind: 'video',
    file: bytesFile('soiree.mp4', 4000),
  });
  await expect.poll(() => plateauKeys()).toHaveLength(1);
  return upload;
};

describe('stored uploads on a shared computer', () => {
  it('are all cleared when the person signs out, and their upload stops', async () => {
    guardStoredUploads();
    signIn(makeToken({ user: 7, role: 'plateau' }));
    const upload = await unfinishedUpload();
    expect(storedUploads()).toMatchObject([{ userId: 7, videoId: 12, fileName: 'soiree.mp4' }]);

    signOut();
    expect(plateauKeys()).toEqual([]);
    await expect(upload.finished).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('are cleared when someone else signs in, even in another tab', async () => {
    guardStoredUploads();
    signIn(makeToken({ user: 7, role: 'plateau' }));
    await unfinishedUpload();
    // Another tab signs in as someone else: this one follows through the storage event.
    const other = makeToken({ user: 8, role: 'plateau' });
    localStorage.setItem('token', other);
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: other }));
    expect(plateauKeys()).toEqual([]);
  });

  it("are never read for another person, and another person's are dropped at start", () => {
    const entry = (userId: number) =>
      JSON.stringify({
        fingerprint: `plateau:${userId}`,
        uploadUrl: 'http://localhost/api/uploads/1',
        userId,
        videoId: 3,
        kind: 'video',
        fileName: 'a.mp4',
        size: 10,
        bytesSent: 4,
        creationTime: new Date().toISOString(),
      });
    signIn(makeToken({ user: 7, role: 'plateau' }));
    // What a browser closed without Déconnexion may hold: someone else's entry beside ours.
    localStorage.setItem(`${STORAGE_PREFIX}a::1`, entry(7));
    localStorage.setItem(`${STORAGE_PREFIX}b::1`, entry(8));
    expect(storedUploads().map((stored) => stored.userId)).toEqual([7]);
    expect(storedUploads(8).map((stored) => stored.userId)).toEqual([8]);

    // The app starts (a reload): only the session's own entries stay.
    guardStoredUploads();
    expect(plateauKeys()).toEqual([`${STORAGE_PREFIX}a::1`]);
  });
});
