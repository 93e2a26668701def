import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteSettings } from '@plateau/contract';

/**
 * The web app's index.html as this deployment sends it: the site's settings written into the
 * page (the app reads them instead of asking `/api/site` first), and the landing hero's first
 * paint filled with the association's name and taglines, so a visitor sees the hero before
 * any script has run (bench/README.md "Web"). Built once at start: the settings do not change
 * while the process runs.
 */
export interface WebShell {
  html: string;
  /** The page in each encoding a browser may ask for. */
  bodies: { br: Buffer; gzip: Buffer; identity: Buffer };
  /** CSP sources allowing the page's inline scripts, e.g. `'sha256-...'`. */
  scriptSources: string[];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON inside a `<script>` element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** `'sha256-…'` of every inline script that runs (JSON data blocks are not run). */
const inlineScriptSources = (html: string) =>
  [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes) && !/\btype=/.test(attributes))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);

/** Fills the template's placeholders (`<!--site:...-->`) with `site`. */
export const buildWebShell = (template: string, site: SiteSettings): WebShell => {
  const taglines = site.taglines
    .map((tagline) => `<span class="fp-tagline" hidden>${escapeHtml(tagline)}</span>`)
    .join('');
  const html = template
    .replace(
      '<!--site:settings-->',
      `<script type="application/json" id="site-settings">${scriptJson(site)}</script>`,
    )
    .replaceAll('<!--site:name-->', escapeHtml(site.associationName))
    .replace('<!--site:taglines-->', taglines);
  const identity = Buffer.from(html);
  return {
    html,
    bodies: {
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    },
    scriptSources: inlineScriptSources(html),
  };
};

/** The best encoding `accept-encoding` takes (brotli, then gzip), by its q-values. */
const chooseEncoding = (accepted: string | undefined): 'br' | 'gzip' | 'identity' => {
  const weights = new Map<string, number>();
  for (const part of (accepted ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const)
    .filter((name) => weight(name) > 0)
    .sort((a, b) => weight(b) - weight(a))[0];
  return best ?? 'identity';
};

/** Sends the shell, never cached without asking again (a deployment changes it). */
export const sendWebShell = (shell: WebShell, request: FastifyRequest, reply: FastifyReply) => {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(shell.bodies[encoding]);
};
