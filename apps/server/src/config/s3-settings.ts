import { ConfigError, urlSetting, type Env } from '../lib/config-error.ts';

/** Where the media live (issue 25): the local directory (the default) or one S3 bucket. */
export type MediaStorageSettings =
  /** `s3` here: the bucket of a site moving its media back to the disk, still read from. */
  { kind: 'local'; s3?: S3Settings } | { kind: 's3'; s3: S3Settings };

/** How Plateau reaches its bucket; any S3-compatible store, no vendor extension. */
export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Prepended to every key ('' or ending with `/`), so sites or test runs can share a bucket. */
  prefix: string;
  /** `proxy`: Plateau streams the bytes; `redirect`: a 302 to a short-lived presigned URL. */
  delivery: 'proxy' | 'redirect';
}

const oneOf = <T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T => {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = raw.toLowerCase() as T;
  if (!allowed.includes(value)) {
    throw new ConfigError(`${name} must be ${allowed.join(' or ')} (got "${raw}")`);
  }
  return value;
};

const required = (env: Env, name: string, example: string): string => {
  const raw = env[name]?.trim();
  if (!raw) throw new ConfigError(`${name} is required when MEDIA_STORAGE=s3 (${example})`);
  return raw;
};

const endpoint = (env: Env): string => {
  required(env, 'S3_ENDPOINT', 'the store URL, such as https://s3.fr-par.scw.cloud');
  const raw = urlSetting(env, 'S3_ENDPOINT', ['http:', 'https:'])!;
  const url = new URL(raw);
  // Credentials have their own settings; a query or fragment would be signed into every request.
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigError(
      'S3_ENDPOINT must be a plain URL such as https://s3.fr-par.scw.cloud, without credentials, query or fragment',
    );
  }
  return raw.replace(/\/+$/, '');
};

const region = (env: Env): string => {
  const raw = env.S3_REGION?.trim();
  if (!raw) return 'us-east-1';
  if (!/^[a-z0-9][a-z0-9-]*$/i.test(raw)) {
    throw new ConfigError(
      `S3_REGION must be a region name such as us-east-1 or fr-par (got "${raw}")`,
    );
  }
  return raw;
};

/** The S3 naming rules, which every store accepts (and virtual-host addressing needs). */
const bucket = (env: Env): string => {
  const raw = required(env, 'S3_BUCKET', 'the bucket name, such as plateau-media');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(raw) || raw.includes('..')) {
    throw new ConfigError(
      `S3_BUCKET must be 3 to 63 lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit (got "${raw}")`,
    );
  }
  return raw;
};

const forcePathStyle = (env: Env): boolean => {
  const raw = env.S3_FORCE_PATH_STYLE?.trim();
  if (raw === undefined || raw === '') return true;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false (got "${raw}")`);
};

/** `site-a`, `site-a/` or `/tests/run-1/` all become `site-a/`-style prefixes. */
const prefix = (env: Env): string => {
  const raw = env.S3_PREFIX?.trim() ?? '';
  const segments = raw.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return '';
  const invalid = segments.find(
    (segment) => !/^[A-Za-z0-9._-]+$/.test(segment) || /^\.+$/.test(segment),
  );
  if (invalid !== undefined || raw.length > 200) {
    throw new ConfigError(
      `S3_PREFIX must be path segments of letters, digits, dots, underscores or hyphens such as plateau/ (got "${raw}")`,
    );
  }
  return `${segments.join('/')}/`;
};

/** The S3 settings, whatever MEDIA_STORAGE says (the move command needs them either way). */
export const readS3Settings = (env: Env): S3Settings => ({
  endpoint: endpoint(env),
  region: region(env),
  bucket: bucket(env),
  accessKeyId: required(env, 'S3_ACCESS_KEY_ID', "the store's access key"),
  secretAccessKey: required(env, 'S3_SECRET_ACCESS_KEY', "the store's secret key"),
  forcePathStyle: forcePathStyle(env),
  prefix: prefix(env),
  delivery: oneOf(env, 'S3_DELIVERY', ['proxy', 'redirect'], 'proxy'),
});

/**
 * MEDIA_STORAGE and, for `s3`, every S3 setting; a wrong one throws a ConfigError naming it. On
 * `local` the S3 settings are read when S3_ENDPOINT and S3_BUCKET are both set: media moved there
 * are still served, and `npm run media -- move --to local` brings them back.
 */
export const readMediaStorage = (env: Env): MediaStorageSettings => {
  const kind = oneOf(env, 'MEDIA_STORAGE', ['local', 's3'], 'local');
  if (kind === 's3') return { kind, s3: readS3Settings(env) };
  const bucketNamed = Boolean(env.S3_ENDPOINT?.trim() && env.S3_BUCKET?.trim());
  return bucketNamed ? { kind, s3: readS3Settings(env) } : { kind };
};
