import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resumableUploadDefaultExpiryHours } from '@plateau/contract';
import { ConfigError, urlSetting, type Env } from './lib/config-error.ts';
import { loadSiteBranding, type SiteBranding } from './config/site-branding.ts';
import { loadSsoConfig, type SsoConfig } from './config/sso-config.ts';
import { parseDiskFloor, type DiskFloor } from './config/disk-floor.ts';
import { readMediaStorage, type MediaStorageSettings } from './config/s3-settings.ts';

export { ConfigError };

/** Every setting of Plateau, read from the environment in one place (documented in the README). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  jwtSecret: Uint8Array;
  tokenLifetimeSeconds: number;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  mediaDir: string;
  /**
   * Where the media live (MEDIA_STORAGE, and S3_* for a bucket): `local` keeps them in mediaDir.
   */
  mediaStorage: MediaStorageSettings;
  /** Local working files whatever the backend (uploads being checked, ffmpeg's copies). */
  scratchDir: string;
  maxUploadBytes: number;
  /** Hours an unfinished resumable upload is kept after its last received byte. */
  uploadExpiryHours: number;
  /**
   * Free space kept on the media disk: uploads that would go below it are refused (507),
   * encodes that would wait until they fit above it (storage/free-space.ts).
   */
  diskFreeFloor: DiskFloor;
  /** Run the encode worker inside the API process. */
  inProcessWorker: boolean;
  encodeConcurrency: number;
  /** Longest an encode job may run; a job whose worker died is picked up again after it. */
  encodeJobTimeoutSeconds: number;
  /** How long the version before a cut (« Montage ») is kept for « Annuler le montage ». */
  trimUndoDays: number;
  /** The site's time zone (TIME_ZONE, an IANA name): where the statistics' days begin. */
  timeZone: string;
  /** The background conversion of old renditions into the fragmented layout. */
  renditionUpgrade: RenditionUpgradeConfig;
  /** MEDIA_MOVE_SPEED: megabytes a second the move job copies at most, 0 for no limit. */
  mediaMoveSpeed: number;
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  logLevel: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits). */
  trustProxy: boolean;
  /** Login attempts allowed per address and minute. */
  loginRateLimit: number;
  /** On SIGTERM/SIGINT, how long in-flight requests may finish before their connections close. */
  shutdownGraceSeconds: number;
  /**
   * Seconds a media read keeps the viewer its token stood for and the access decision for a
   * video: the longest an account or privacy change takes to reach a player. 0: no cache.
   */
  mediaAccessTtlSeconds: number;
  /**
   * Behind nginx: the internal location that serves DATA_DIR/media; media reads then answer
   * `X-Accel-Redirect` to it with no body. Unset: Plateau sends the bytes.
   */
  mediaAccelRedirect: string | undefined;
  /** PGlite's shared_buffers in MB (its own default, 128, when unset): most of its memory. */
  pgliteSharedBuffersMb: number | undefined;
  /** Branding and links of GET /api/site: defaults, DATA_DIR/site.json (or SITE_FILE), env. */
  site: SiteBranding;
  /** The school's single sign-on provider; undefined when no SSO_ variable is set. */
  sso: SsoConfig | undefined;
  /** Plateau Live: the embedded RTMP ingest and what a live may be. */
  live: LiveConfig;
  /**
   * Bearer token of `GET /metrics` (Prometheus). Unset: /metrics answers only a server bound to
   * loopback, and is a 404 otherwise. Never logged.
   */
  metricsToken: string | undefined;
  /** `npm run worker` only: the port of its own GET /metrics (encode durations); unset: none. */
  workerMetricsPort: number | undefined;
}

export interface RenditionUpgradeConfig {
  /** Seconds the worker rests between two videos. */
  pauseSeconds: number;
  /** Seconds of video copied per second at most (ffmpeg's -readrate), 0 for no limit. */
  speed: number;
}

export interface LiveConfig {
  /** 0: no ingest in this process. */
  rtmpPort: number;
  rtmpHost: string;
  /** What encoders are told to send to (the "Serveur" of a direct's broadcast settings). */
  rtmpPublicUrl: string;
  /** An encoder that comes back within this continues the same live. */
  reconnectGraceSeconds: number;
  /** Heights encoded below the copied source, e.g. [480]. */
  ladderHeights: number[];
  dvrSeconds: number;
  maxHeight: number;
  maxKbps: number;
  maxHours: number;
  /** Below this free space on the media disk, a live is refused or stopped. */
  minFreeMb: number;
}

const integer = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return Number(raw);
};

const boolean = (env: Env, name: string, fallback: boolean): boolean => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
};

/** An IANA time zone that this Node.js knows (`Europe/Paris`). */
const timeZone = (env: Env, name: string, fallback: string): string => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    throw new ConfigError(`${name} must be a time zone such as Europe/Paris (got "${raw}")`);
  }
};

/** An nginx location prefix such as `/_media/`: a path of plain segments, both slashes kept. */
const locationPrefix = (env: Env, name: string): string | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\/([A-Za-z0-9_-]+\/)+$/.test(raw)) {
    throw new ConfigError(`${name} must be a path such as /_media/ (got "${raw}")`);
  }
  return raw;
};

/**
 * A bearer token a scraper sends as is (RFC 6750 token68), long enough not to be guessed.
 * The messages never repeat the value: the log of a failed start must not leak it.
 */
const bearerToken = (env: Env, name: string): string | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 16) throw new ConfigError(`${name} must be at least 16 characters long`);
  if (!/^[A-Za-z0-9\-._~+/]+=*$/.test(raw)) {
    throw new ConfigError(
      `${name} must contain only letters, digits and - . _ ~ + / (then = at the end), as a bearer token`,
    );
  }
  return raw;
};

/**
 * The secret comes from JWT_SECRET, else is generated once and kept under DATA_DIR. `readOnly`:
 * never written (see LoadOptions); a missing one then stands in as random bytes of this process.
 */
const loadJwtSecret = (env: Env, dataDir: string, readOnly: boolean): Uint8Array => {
  const raw = env.JWT_SECRET;
  if (raw !== undefined && raw !== '') {
    if (raw.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
    return new TextEncoder().encode(raw);
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    if (readOnly) return new Uint8Array(randomBytes(48));
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
};

export interface LoadOptions {
  /**
   * For the commands that look at an installation without serving it (backup, restore): they
   * sign no token, and a command that fails must leave DATA_DIR as it found it, so the secret
   * file is not created.
   */
  readOnly?: boolean;
}

export const loadConfig = (
  env: Env = process.env,
  { readOnly = false }: LoadOptions = {},
): Config => {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || '0.0.0.0';
  const databaseUrl = urlSetting(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const publicUrl =
    urlSetting(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  const adminUsername = env.ADMIN_USERNAME || undefined;
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if ((adminUsername === undefined) !== (adminPassword === undefined)) {
    throw new ConfigError('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters long');
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`,
    );
  }
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    jwtSecret: loadJwtSecret(env, dataDir, readOnly),
    tokenLifetimeSeconds: integer(env, 'TOKEN_LIFETIME', 7 * 24 * 3600, 60, 365 * 24 * 3600),
    adminUsername,
    adminPassword,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    mediaDir: path.join(dataDir, 'media'),
    mediaStorage: readMediaStorage(env),
    scratchDir: path.join(dataDir, 'scratch'),
    maxUploadBytes: integer(env, 'MAX_UPLOAD_BYTES', 8 * 1024 ** 3, 1024, 1024 ** 4),
    uploadExpiryHours: integer(
      env,
      'UPLOAD_EXPIRY_HOURS',
      resumableUploadDefaultExpiryHours,
      1,
      30 * 24,
    ),
    diskFreeFloor: parseDiskFloor(env),
    inProcessWorker: boolean(env, 'ENCODE_IN_PROCESS', true),
    encodeConcurrency: integer(env, 'ENCODE_CONCURRENCY', 1, 1, 16),
    // pg-boss refuses expirations of 24 hours or more.
    encodeJobTimeoutSeconds: integer(env, 'ENCODE_JOB_TIMEOUT', 6 * 3600, 5, 23 * 3600),
    trimUndoDays: integer(env, 'TRIM_UNDO_DAYS', 7, 0, 365),
    timeZone: timeZone(env, 'TIME_ZONE', 'Europe/Paris'),
    renditionUpgrade: {
      pauseSeconds: integer(env, 'MEDIA_UPGRADE_PAUSE', 10, 0, 3600),
      speed: integer(env, 'MEDIA_UPGRADE_SPEED', 50, 0, 10_000),
    },
    mediaMoveSpeed: integer(env, 'MEDIA_MOVE_SPEED', 50, 0, 100_000),
    ffmpegPath: env.FFMPEG_PATH || undefined,
    ffprobePath: env.FFPROBE_PATH || undefined,
    logLevel,
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    loginRateLimit: integer(env, 'LOGIN_RATE_LIMIT', 10, 1, 10000),
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE', 10, 0, 600),
    mediaAccessTtlSeconds: integer(env, 'MEDIA_ACCESS_TTL', 5, 0, 60),
    mediaAccelRedirect: locationPrefix(env, 'MEDIA_ACCEL_REDIRECT'),
    pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS
      ? integer(env, 'PGLITE_SHARED_BUFFERS', 128, 1, 1024)
      : undefined,
    site: loadSiteBranding({
      file: env.SITE_FILE ? path.resolve(env.SITE_FILE) : path.join(dataDir, 'site.json'),
      required: Boolean(env.SITE_FILE),
      fromEnv: {
        ASSOCIATION_NAME: env.ASSOCIATION_NAME,
        BANNER_VIDEO_URL: env.BANNER_VIDEO_URL,
        DATABASE_ADMIN_LINK: env.DATABASE_ADMIN_LINK,
      },
    }),
    sso: loadSsoConfig(env),
    live: loadLiveConfig(env, host, publicUrl),
    metricsToken: bearerToken(env, 'METRICS_TOKEN'),
    workerMetricsPort: env.WORKER_METRICS_PORT
      ? integer(env, 'WORKER_METRICS_PORT', 0, 1, 65535)
      : undefined,
  };
};

const loadLiveConfig = (env: Env, host: string, publicUrl: string): LiveConfig => {
  const rtmpPort = integer(env, 'RTMP_PORT', 1935, 0, 65535);
  const rawLadder = env.LIVE_LADDER ?? '480';
  if (!/^(\d{3,4}(,\d{3,4})*)?$/.test(rawLadder.replace(/\s/g, ''))) {
    throw new ConfigError(
      `LIVE_LADDER must be heights separated by commas, such as 720,480 (got "${rawLadder}")`,
    );
  }
  const ladderHeights = rawLadder
    .replace(/\s/g, '')
    .split(',')
    .filter(Boolean)
    .map(Number)
    .sort((a, b) => b - a);
  const rtmpPublicUrl =
    urlSetting(env, 'RTMP_PUBLIC_URL', ['rtmp:', 'rtmps:']) ??
    `rtmp://${new URL(publicUrl).hostname}:${rtmpPort}/live`;
  return {
    rtmpPort,
    rtmpHost: env.RTMP_HOST || host,
    rtmpPublicUrl: rtmpPublicUrl.replace(/\/+$/, ''),
    reconnectGraceSeconds: integer(env, 'LIVE_RECONNECT_GRACE', 180, 1, 3600),
    ladderHeights,
    dvrSeconds: integer(env, 'LIVE_DVR_SECONDS', 7200, 10, 12 * 3600),
    maxHeight: integer(env, 'LIVE_MAX_HEIGHT', 1080, 144, 4320),
    maxKbps: integer(env, 'LIVE_MAX_KBPS', 12_000, 100, 200_000),
    maxHours: integer(env, 'LIVE_MAX_HOURS', 12, 1, 48),
    minFreeMb: integer(env, 'LIVE_MIN_FREE_MB', 2048, 0, 1024 * 1024),
  };
};
