import type { FastifyLoggerOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './app.ts';
import { useTestApp } from './test/harness.ts';

/** Every line the app's logger writes, as the process would print them. */
const lines: string[] = [];
const options = loggerOptions('info') as FastifyLoggerOptions;

const ctx = useTestApp({
  extra: { logger: { ...options, stream: { write: (line) => lines.push(line) } } },
});

/** The URLs the logs show for each request, by request. */
const loggedUrls = () =>
  lines
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

describe('request logs', () => {
  it('never show a media token, however its name is spelled', async () => {
    const thumbnail = '/api/media/thumbnail/1';
    const cases = [
      ['?%74oken=SECRET1', '?%74oken=[REDACTED]'],
      ['?token=SECRET2&x=1', '?token=[REDACTED]&x=1'],
      ['?a=1&%74%6Fken=SECRET3', '?a=1&%74%6Fken=[REDACTED]'],
      ['?%ZZ=1&token=SECRET4&b=%E0%A4%A', '?%ZZ=1&token=[REDACTED]&b=%E0%A4%A'],
    ];
    for (const [query] of cases) {
      // The media route reads the token whatever its spelling, and refuses this one.
      const response = await ctx.app.inject({ url: `${thumbnail}${query}` });
      expect(response.statusCode, query).toBe(401);
    }
    expect(loggedUrls()).toEqual(
      expect.arrayContaining(cases.map(([, redacted]) => `${thumbnail}${redacted}`)),
    );
    expect(lines.join('')).not.toMatch(/SECRET/);
  });

  it('never show what a single-sign-on provider sends back', async () => {
    const callback = '/api/auth/callback';
    for (const query of [
      '?code=SECRET5&state=SECRET6',
      '?%61ccess_token=SECRET7&id%5Ftoken=SECRET8',
    ]) {
      await ctx.app.inject({ url: `${callback}${query}` });
    }
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        `${callback}?code=[REDACTED]&state=[REDACTED]`,
        `${callback}?%61ccess_token=[REDACTED]&id%5Ftoken=[REDACTED]`,
      ]),
    );
    expect(lines.join('')).not.toMatch(/SECRET/);
  });
});
