import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/harness.ts';

/**
 * A browser told to upgrade requests, or remembering HSTS, cannot load Plateau over plain http
 * (a LAN address, a host name without a certificate): both are sent only when Plateau is https.
 */
const headersOf = async (ctx: ReturnType<typeof useTestApp>) => {
  const response = await ctx.app.inject({ url: '/api/tags' });
  expect(response.statusCode).toBe(200);
  return {
    csp: String(response.headers['content-security-policy']),
    hsts: response.headers['strict-transport-security'],
    headers: response.headers,
  };
};

describe('served over http', () => {
  const ctx = useTestApp({ env: { PUBLIC_URL: 'http://plateau.lan:8080' } });

  it('neither upgrades requests nor sends HSTS', async () => {
    const { csp, hsts } = await headersOf(ctx);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(hsts).toBeUndefined();
  });

  it("sends helmet's other headers on every answer, the same for each", async () => {
    const first = await headersOf(ctx);
    expect(first.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(first.headers['x-powered-by']).toBeUndefined();
    expect(first.headers['cross-origin-embedder-policy']).toBeUndefined();
    const second = await headersOf(ctx);
    expect(second.csp).toBe(first.csp);
  });
});

describe('served over https', () => {
  const ctx = useTestApp({ env: { PUBLIC_URL: 'https://plateau.example.org' } });

  it('upgrades requests and sends HSTS', async () => {
    const { csp, hsts } = await headersOf(ctx);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(hsts).toMatch(/max-age=\d+/);
  });
});
