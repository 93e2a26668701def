import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contactKeys, type SiteSettings } from '@plateau/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { startupProblem } from '../../startup.ts';
import { useTestApp } from '../../test/harness.ts';
import { testTmpDir } from '../../test/test-env.ts';

mkdirSync(testTmpDir, { recursive: true });
const scratch = mkdtempSync(path.join(testTmpDir, 'site-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let files = 0;
/** Writes a site settings file (an object as JSON, a string as is) and returns its path. */
const siteFile = (content: unknown): string => {
  const file = path.join(scratch, `site-${++files}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

const partialFile = siteFile({
  associationName: 'Vidéo Club Centrale',
  taglines: ['Une seule phrase'],
  contacts: { prez: { name: 'Camille Martin' }, geek: { name: 'Régie', email: 'regie@vcc.fr' } },
  externalLinks: [{ label: 'Wiki', url: 'https://wiki.vcc.fr' }],
});

const defaults = useTestApp();
const customised = useTestApp({
  env: { SITE_FILE: partialFile, BANNER_VIDEO_URL: '/api/media/video/1/720' },
});

const getSite = async (context: typeof defaults) => {
  const response = await context.app.inject({ method: 'GET', url: '/api/site' });
  expect(response.statusCode).toBe(200);
  return response.json<SiteSettings>();
};

describe('GET /api/site', () => {
  it('answers a visitor without a token, with French defaults and no single sign-on', async () => {
    const site = await getSite(defaults);
    expect(site.associationName).toBe('Plateau');
    expect(site.associationText).toMatch(/association audiovisuelle/);
    expect(site.taglines.length).toBeGreaterThanOrEqual(4);
    expect(site.taglines.length).toBeLessThanOrEqual(6);
    expect(Object.keys(site.contacts)).toEqual([...contactKeys]);
    for (const key of contactKeys) {
      expect(site.contacts[key].name).not.toBe('');
      expect(site.contacts[key].email).toMatch(/^[a-z]+@plateau\.example$/);
    }
    expect(site).toMatchObject({
      bannerVideoUrl: '',
      externalLinks: [],
      databaseAdminUrl: '',
      sso: false,
    });
  });

  it('takes every field a site file gives, merges contacts per key, and lets the environment win', async () => {
    const site = await getSite(customised);
    const base = await getSite(defaults);
    expect(site).toEqual({
      ...base,
      associationName: 'Vidéo Club Centrale',
      taglines: ['Une seule phrase'],
      bannerVideoUrl: '/api/media/video/1/720',
      contacts: {
        ...base.contacts,
        prez: { name: 'Camille Martin', email: base.contacts.prez.email },
        geek: { name: 'Régie', email: 'regie@vcc.fr' },
      },
      externalLinks: [{ label: 'Wiki', url: 'https://wiki.vcc.fr' }],
    });
  });

  it('is listed in the API document as public', async () => {
    const doc = (await defaults.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/site'].get.security).toEqual([]);
  });
});

describe('site settings at start', () => {
  const load = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: path.join(scratch, 'data'), JWT_SECRET: 'x'.repeat(32), ...env });

  it('reads DATA_DIR/site.json when SITE_FILE is not set, and ASSOCIATION_NAME over it', () => {
    const dataDir = mkdtempSync(path.join(scratch, 'data-'));
    writeFileSync(
      path.join(dataDir, 'site.json'),
      JSON.stringify({ associationName: 'Ciné Club', databaseAdminUrl: 'https://db.cine.fr' }),
    );
    const env = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env).site).toMatchObject({
      associationName: 'Ciné Club',
      databaseAdminUrl: 'https://db.cine.fr',
    });
    expect(loadConfig({ ...env, ASSOCIATION_NAME: 'Télé Campus' }).site.associationName).toBe(
      'Télé Campus',
    );
  });

  it.each([
    ['not JSON', '{ "associationName": "Plateau", }', /is not valid JSON/],
    ['a field of the wrong type', { taglines: 'une seule' }, /\/taglines must be array/],
    [
      'an unknown field (a typo)',
      { tagline: ['x'] },
      /must NOT have additional properties \("tagline"\)/,
    ],
    ['an unknown contact', { contacts: { tresorier: { name: 'A' } } }, /"tresorier"/],
    [
      'a malformed address',
      { contacts: { prez: { email: 'pas une adresse' } } },
      /\/contacts\/prez\/email must be an email address/,
    ],
    [
      'a javascript: link',
      { externalLinks: [{ label: 'x', url: 'javascript:alert(1)' }] },
      /\/externalLinks\/0\/url must start with http:\/\/, https:\/\/ or \//,
    ],
    [
      'a banner from another site',
      { bannerVideoUrl: 'https://cdn.example/b.mp4' },
      /\/bannerVideoUrl must be a path on this server/,
    ],
  ])('refuses a site file with %s, in one line naming the file', (_case, content, reason) => {
    const file = siteFile(content);
    let error: unknown;
    try {
      load({ SITE_FILE: file });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const line = startupProblem(error);
    expect(line).toContain(file);
    expect(line).toMatch(reason);
    expect(line).not.toContain('\n');
  });

  it('refuses a SITE_FILE that does not exist, and a bad value in the environment', () => {
    const missing = path.join(scratch, 'absent.json');
    expect(() => load({ SITE_FILE: missing })).toThrow(
      new ConfigError(`site settings file ${missing} does not exist (SITE_FILE)`),
    );
    expect(() => load({ DATABASE_ADMIN_LINK: 'javascript:alert(1)' })).toThrow(
      'DATABASE_ADMIN_LINK must start with http://, https:// or / (or be empty)',
    );
  });
});
