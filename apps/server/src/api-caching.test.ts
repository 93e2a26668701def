import { describe, expect, it } from 'vitest';
import { users } from './db/schema.ts';
import { hashPassword } from './lib/passwords.ts';
import { insertVideo, multipart, PNG_BYTES, upload } from './modules/media/media.test-helpers.ts';
import { useTestApp } from './test/harness.ts';

/**
 * School computers are shared: the browser's HTTP cache must keep no answer made for one
 * person, so the next one never gets it from there (nor the back button).
 */
const ctx = useTestApp();

describe('what the browser may keep of an API answer', () => {
  it('keeps no token answer, nor a refused sign-in', async () => {
    await ctx.database.db
      .insert(users)
      .values({ username: 'camille', role: 'user', passwordHash: await hashPassword('secret-12') });
    const signIn = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/token',
        ...multipart([], { username: 'camille', password }),
      });
    const accepted = await signIn('secret-12');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['cache-control']).toBe('no-store');
    const refused = await signIn('mauvais');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('keeps none of what depends on who asks: lists, personal pages, one video', async () => {
    const member = await ctx.createUser('plateau');
    const id = await insertVideo(ctx, { title: 'Réservée aux membres', privacy: 2, processing: 3 });
    for (const url of [
      '/api/videos',
      '/api/videos/history',
      '/api/videos/liked',
      `/api/videos/${id}`,
    ]) {
      const response = await ctx.app.inject({ url, headers: member.auth });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const visitor = await ctx.app.inject({ url: '/api/videos' });
    expect(visitor.headers['cache-control']).toBe('no-store');
  });

  it('keeps no members-only image either; a public one is revalidated with each request', async () => {
    const member = await ctx.createUser('plateau');
    const thumbnailCaching = async (privacy: number) => {
      const id = await insertVideo(ctx, { title: 'Miniature', privacy, processing: 3 });
      const sent = await upload(ctx, `/api/media/thumbnail/${id}`, member.auth, [
        {
          field: 'thumbnail_upload',
          content: PNG_BYTES,
          filename: 'a.png',
          contentType: 'image/png',
        },
      ]);
      expect(sent.statusCode).toBe(200);
      const image = await ctx.app.inject({
        url: `/api/media/thumbnail/${id}`,
        headers: member.auth,
      });
      expect(image.statusCode).toBe(200);
      return image.headers['cache-control'];
    };
    expect(await thumbnailCaching(1)).toBe('private, no-store');
    expect(await thumbnailCaching(0)).toBe('public, max-age=0');
  });
});
