import { existsSync, readFileSync } from 'node:fs';
import { Type, type Static, type TSchema, type TString } from '@sinclair/typebox';
import { contactKeys, type ContactKey } from '@plateau/contract';
import { Ajv, type ErrorObject } from 'ajv';
import { ConfigError } from '../lib/config-error.ts';
import { defaultSiteBranding, type SiteBranding } from './site-defaults.ts';

/** The type beside its loader, for config.ts. */
export type { SiteBranding };

// The app renders these as links and as a <video> source: no javascript: or data: addresses.
const patterns = {
  '^[^\\s@]+@[^\\s@]+$': 'must be an email address',
  '^(https?://|/)': 'must start with http://, https:// or /',
  '^(https?://|/|$)': 'must start with http://, https:// or / (or be empty)',
  // The Content-Security-Policy lets media come from this server only ('self').
  '^(/|$)': 'must be a path on this server, starting with / (or be empty)',
};
const [email, linkUrl, optionalLinkUrl, bannerVideoUrl] = Object.keys(patterns).map((pattern) =>
  Type.String({ pattern }),
) as [TString, TString, TString, TString];

/** Ajv's first complaint, in words an operator reads ("must be an email address"). */
const complaint = (issue: ErrorObject | undefined): string => {
  if (!issue) return 'is invalid';
  if (issue.keyword === 'pattern') {
    return patterns[(issue.params as { pattern: string }).pattern as keyof typeof patterns];
  }
  const extra = (issue.params as { additionalProperty?: string }).additionalProperty;
  return `${issue.message ?? 'is invalid'}${extra ? ` ("${extra}")` : ''}`;
};

const strict = { additionalProperties: false };
const contactOverride = Type.Partial(Type.Object({ name: Type.String(), email }, strict), strict);

/** DATA_DIR/site.json: every field optional, unknown fields refused (they are typos). */
const SiteFile = Type.Partial(
  Type.Object(
    {
      associationName: Type.String({ minLength: 1 }),
      associationText: Type.String(),
      taglines: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
      bannerVideoUrl,
      contacts: Type.Partial(
        Type.Object(
          Object.fromEntries(contactKeys.map((key) => [key, contactOverride])) as Record<
            ContactKey,
            typeof contactOverride
          >,
          strict,
        ),
        strict,
      ),
      externalLinks: Type.Array(
        Type.Object({ label: Type.String({ minLength: 1 }), url: linkUrl }, strict),
      ),
      databaseAdminUrl: optionalLinkUrl,
    },
    strict,
  ),
  strict,
);
type SiteFile = Static<typeof SiteFile>;

const ajv = new Ajv({ allErrors: false, strict: false });
const checkFile = ajv.compile<SiteFile>(SiteFile);

/** The variables that override one field each, with the rule their value must follow. */
const envFields = {
  ASSOCIATION_NAME: ['associationName', Type.String({ minLength: 1 })],
  BANNER_VIDEO_URL: ['bannerVideoUrl', bannerVideoUrl],
  DATABASE_ADMIN_LINK: ['databaseAdminUrl', optionalLinkUrl],
} as const satisfies Record<string, [keyof SiteBranding, TSchema]>;
export type SiteEnv = Partial<Record<keyof typeof envFields, string | undefined>>;

const readSiteFile = (file: string): SiteFile => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof SyntaxError ? 'is not valid JSON' : 'cannot be read';
    throw new ConfigError(`site settings file ${file} ${reason} (${(error as Error).message})`);
  }
  if (!checkFile(parsed)) {
    const [issue] = checkFile.errors ?? [];
    const where = issue?.instancePath || '(top level)';
    throw new ConfigError(`site settings file ${file}: ${where} ${complaint(issue)}`);
  }
  return parsed;
};

/**
 * The deployment's branding, read once at start (a restart applies a change): the defaults,
 * overridden by the JSON file's fields (contacts merged per key and per field), overridden by
 * the environment. A bad file or value stops the start with a ConfigError naming it.
 */
export const loadSiteBranding = (source: {
  file: string;
  /** SITE_FILE was given: a missing file is an error rather than "use the defaults". */
  required: boolean;
  fromEnv: SiteEnv;
}): SiteBranding => {
  const present = existsSync(source.file);
  if (!present && source.required) {
    throw new ConfigError(`site settings file ${source.file} does not exist (SITE_FILE)`);
  }
  const file = present ? readSiteFile(source.file) : {};
  const branding: SiteBranding = {
    ...defaultSiteBranding,
    ...file,
    contacts: Object.fromEntries(
      contactKeys.map((key) => [
        key,
        { ...defaultSiteBranding.contacts[key], ...file.contacts?.[key] },
      ]),
    ) as SiteBranding['contacts'],
  };
  for (const [variable, [field, schema]] of Object.entries(envFields)) {
    const value = source.fromEnv[variable as keyof typeof envFields];
    if (value === undefined || value === '') continue;
    if (!ajv.validate(schema, value)) {
      throw new ConfigError(`${variable} ${complaint(ajv.errors?.[0])}`);
    }
    branding[field] = value;
  }
  return branding;
};
