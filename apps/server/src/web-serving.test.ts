import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test/harness.ts';
import { testTmpDir } from './test/test-env.ts';

/** A small stand-in for apps/web/dist as Vite and its precompress plugin leave it. */
mkdirSync(testTmpDir, { recursive: true });
const dist = mkdtempSync(path.join(testTmpDir, 'web-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const page = [
  '<!doctype html><html lang="fr"><head><!--site:settings--></head><body>',
  '<script>window.firstPaint = true;</script><div id="root"></div></body></html>',
].join('');
const script = `console.log(${JSON.stringify('Plateau '.repeat(200))});`;
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), page);
writeFileSync(path.join(dist, 'assets/index-B4x9kQ.js'), script);
writeFileSync(path.join(dist, 'assets/index-B4x9kQ.js.br'), brotliCompressSync(script));
writeFileSync(path.join(dist, 'assets/index-B4x9kQ.js.gz'), gzipSync(script));
// Too small to gain from compression: the plugin leaves no .br or .gz beside it.
writeFileSync(path.join(dist, 'assets/tiny-C1.css'), 'a{}');

const ctx = useTestApp({ extra: { webDist: dist } });

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

const immutable = 'public, max-age=31536000, immutable';

describe('the built web app', () => {
  it('sends hashed assets in brotli when the browser takes it, cached for a year', async () => {
    const response = await get('/assets/index-B4x9kQ.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file, as Accept-Encoding allows', async () => {
    const gzipped = await get('/assets/index-B4x9kQ.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const preferred = await get('/assets/index-B4x9kQ.js', {
      'accept-encoding': 'br;q=0.5, gzip;q=1',
    });
    expect(preferred.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/index-B4x9kQ.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe(immutable);

    const uncompressed = await get('/assets/tiny-C1.css', { 'accept-encoding': 'br, gzip' });
    expect(uncompressed.statusCode).toBe(200);
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.body).toBe('a{}');
  });

  it('never lets a browser keep index.html without asking again', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('id="site-settings"');
      expect(response.body, url).not.toContain('<!--site:');
    }
  });

  it('sends the shell compressed, and lets its first-paint script run under the CSP', async () => {
    const response = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(response.rawPayload).toString();
    const site = /id="site-settings">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(site)).toEqual((await get('/api/site')).json());
    const hash = createHash('sha256').update('window.firstPaint = true;').digest('base64');
    expect(response.headers['content-security-policy']).toMatch(
      new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`),
    );
    const gzipped = await get('/videos', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(html);
  });

  it('answers index.html on every deep link, so the app routes it', async () => {
    const shell = (await get('/')).body;
    for (const url of ['/videos?page=2&tag_filter=3', '/search/v1.4', '/direct/12', '/login']) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(shell);
    }
  });

  it('answers a JSON 404 for an unknown API path, a missing asset, or a POST', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['GET', '/api'],
      ['GET', '/assets/index-gone.js'],
      ['POST', '/videos'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Ressource introuvable',
      });
    }
  });
});
