import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '@plateau/contract';
import { defaultSiteBranding } from './config/site-defaults.ts';
import { buildWebShell } from './web-shell.ts';

const template = [
  '<html><head><!--site:settings--></head><body>',
  '<span class="name"><!--site:name--></span><h1><!--site:taglines--></h1>',
  '<script>document.title = "first paint";</script>',
  '<script type="module" src="/assets/index-1.js"></script>',
  '<p><!--site:name--></p></body></html>',
].join('');

const site: SiteSettings = {
  ...defaultSiteBranding,
  associationName: 'Les <Ciné> & "Co"',
  taglines: ['Filmer, monter, diffuser', '</script><script>alert(1)</script>'],
  sso: false,
};

describe('the web shell', () => {
  it('writes the settings as a JSON block the page cannot be broken out of', () => {
    const { html } = buildWebShell(template, site);
    const block = /<script type="application\/json" id="site-settings">(.*?)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    expect(block![1]).not.toMatch(/[<>]/);
    expect(JSON.parse(block![1]!)).toEqual(site);
  });

  it('fills the first paint with the name and every tagline, as text', () => {
    const { html } = buildWebShell(template, site);
    expect(html).toContain('<span class="name">Les &lt;Ciné&gt; &amp; &quot;Co&quot;</span>');
    expect(html).toContain('<p>Les &lt;Ciné&gt; &amp; &quot;Co&quot;</p>');
    expect(html).toContain(
      '<h1><span class="fp-tagline" hidden>Filmer, monter, diffuser</span>' +
        '<span class="fp-tagline" hidden>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span></h1>',
    );
    expect(html).not.toContain('<!--site:');
  });

  it('allows exactly its inline script by hash, not the JSON block or the module', () => {
    const { scriptSources } = buildWebShell(template, site);
    const hash = createHash('sha256').update('document.title = "first paint";').digest('base64');
    expect(scriptSources).toEqual([`'sha256-${hash}'`]);
  });

  it('keeps the page in brotli and gzip, each decoding to the same page', () => {
    const { html, bodies } = buildWebShell(template, site);
    expect(bodies.identity.toString()).toBe(html);
    expect(brotliDecompressSync(bodies.br).toString()).toBe(html);
    expect(gunzipSync(bodies.gzip).toString()).toBe(html);
  });
});
