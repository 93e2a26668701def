import { beforeAll, describe, expect, it } from 'vitest';
import { captionUploadField } from '@plateau/contract';
import { mediaKeys } from '../../storage/media-storage.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { scratchFiles, storedKeys } from '../../test/stored-media.ts';
import { notSubtitles } from './captions.service.ts';
import { insertVideo } from './media.test-helpers.ts';

/**
 * Captions: a member attaches SRT or WebVTT per language; everyone who may watch the video reads
 * clean WebVTT, under the same refusals as its renditions; bad files change nothing.
 */
const ctx = useTestApp();
const users: Record<'user' | 'member' | 'memberGda', TestUser> = {} as never;
let open = 0;
let restricted = 0;

beforeAll(async () => {
  users.user = await ctx.createUser('user', { gdaAccess: true });
  users.member = await ctx.createUser('plateau');
  users.memberGda = await ctx.createUser('plateau', { gdaAccess: true });
  open = await insertVideo(ctx, { privacy: 0, processing: 3, rungs: [240] });
  // A CS video: access 2 and reserved to the GDA.
  restricted = await insertVideo(ctx, {
    privacy: 2,
    gpaRestricted: true,
    processing: 3,
    rungs: [240],
  });
});

type Who = 'visitor' | keyof typeof users;
const auth = (who: Who) => (who === 'visitor' ? {} : users[who].auth);

/** A multipart body with one file in `field`, as a browser's FormData sends it. */
const send = async (
  who: Who,
  id: number,
  language: string,
  bytes: Buffer,
  field = captionUploadField,
) => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), 'sous-titres.srt');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/media/captions/${id}/${language}`,
    headers: { ...auth(who), 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
};
const read = (who: Who, id: number, language: string, query = '') =>
  ctx.app.inject({ url: `/api/media/captions/${id}/${language}.vtt${query}`, headers: auth(who) });
const list = (who: Who, id: number) =>
  ctx.app.inject({ url: `/api/media/captions/${id}`, headers: auth(who) });

const srt = Buffer.from(
  '1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Réveillez-vous</i>, élèves !<script>alert(1)</script>\r\n',
  'latin1',
);

describe('captions of a video', () => {
  it('keeps an SRT as clean WebVTT, listed and read by anyone who may watch', async () => {
    const sent = await send('member', open, 'fr', srt);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().captions).toEqual([{ language: 'fr', updatedAt: expect.any(String) }]);
    const vtt = await read('visitor', open, 'fr');
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers['cache-control']).toContain('public');
    expect(vtt.body).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nRéveillez-vous, élèves !\n');
    expect((await list('visitor', open)).json().captions).toHaveLength(1);
  });

  it('replaces a language in place, and removes it', async () => {
    const english = Buffer.from('WEBVTT\n\n00:00:03.000 --> 00:00:04.000\nWake up!\n');
    expect((await send('memberGda', open, 'en', english)).statusCode).toBe(200);
    const again = Buffer.from('WEBVTT\n\n00:00:03.000 --> 00:00:04.000\nWake up, students!\n');
    const replaced = await send('member', open, 'en', again);
    expect(replaced.json().captions.map((c: { language: string }) => c.language)).toEqual([
      'en',
      'fr',
    ]);
    expect((await read('visitor', open, 'en')).body).toContain('Wake up, students!');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/media/captions/${open}/en`,
      headers: auth('member'),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().captions.map((c: { language: string }) => c.language)).toEqual(['fr']);
    expect(await ctx.storage.stat(mediaKeys.caption(open, 'en', 0))).toBeNull();
    expect((await read('visitor', open, 'en')).statusCode).toBe(404);
    expect((await read('visitor', open, 'de')).json().message).toBe(
      'Aucun sous-titre dans cette langue pour cette vidéo',
    );
  });

  it('keeps a CS video’s captions from whoever may not watch it', async () => {
    expect((await send('memberGda', restricted, 'fr', srt)).statusCode).toBe(200);
    expect((await read('visitor', restricted, 'fr')).statusCode).toBe(401);
    expect((await list('visitor', restricted)).statusCode).toBe(401);
    expect((await read('member', restricted, 'fr')).statusCode).toBe(403);
    expect((await list('member', restricted)).statusCode).toBe(403);
    const granted = await read('memberGda', restricted, 'fr');
    expect(granted.statusCode).toBe(200);
    expect(granted.headers['cache-control']).toBe('private, no-store');
    // A player's track element sends no header: the token rides in the query.
    const withToken = await read('visitor', restricted, 'fr', `?token=${users.memberGda.token}`);
    expect(withToken.statusCode).toBe(200);
  });

  it('refuses bad senders and bad files, and changes nothing', async () => {
    const before = (await read('visitor', open, 'fr')).body;
    const files = await storedKeys(ctx);
    expect((await send('visitor', open, 'fr', srt)).statusCode).toBe(401);
    expect((await send('user', open, 'fr', srt)).statusCode).toBe(403);
    const notText = await send(
      'member',
      open,
      'fr',
      Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]),
    );
    expect(notText.statusCode).toBe(400);
    expect(notText.json().message).toBe(notSubtitles);
    const tooBig = await send('member', open, 'fr', Buffer.alloc(1024 * 1024 + 1, 0x41));
    expect(tooBig.statusCode).toBe(413);
    const wrongField = await send('member', open, 'fr', srt, 'autre');
    expect(wrongField.statusCode).toBe(400);
    expect((await send('member', open, 'français', srt)).statusCode).toBe(400);
    expect((await send('member', 999_999, 'fr', srt)).statusCode).toBe(404);
    expect((await read('visitor', open, 'fr')).body).toBe(before);
    expect(await storedKeys(ctx)).toEqual(files);
    expect((await scratchFiles(ctx)).filter((f) => f.endsWith('.vtt'))).toEqual([]);
  });
});
