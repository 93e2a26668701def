import { ConfigError, type Env } from '../lib/config-error.ts';

/**
 * DISK_FREE_FLOOR: the free space kept on the media disk. Uploads that would go below it are
 * refused at their start, and encodes wait until they fit above it. A share of the disk, a
 * size, or both (the default): the floor is then the smaller of the two.
 */
export interface DiskFloor {
  /** A share of the media filesystem's size, 0 to 1. */
  fraction?: number;
  /** A number of bytes. */
  bytes?: number;
}

/**
 * The smaller of 5 % of the disk and 10 GiB. The floor keeps room for what must never stop for
 * lack of space: the database, the logs, the encode in progress and the uploads already
 * accepted. None of it grows with the disk: on a 4 TB volume 5 % would leave 200 GB idle, while
 * on a 64 GB one a fixed 10 GiB would hold back a sixth of it.
 */
export const defaultDiskFloor: DiskFloor = { fraction: 0.05, bytes: 10 * 1024 ** 3 };

/** Binary multiples, like every other size here; French `o`/`Go` spellings are accepted too. */
const units: Record<string, number> = {
  '': 1,
  b: 1,
  o: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  ko: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  mo: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
  go: 1024 ** 3,
  t: 1024 ** 4,
  tb: 1024 ** 4,
  tib: 1024 ** 4,
  to: 1024 ** 4,
};

/** `5%`, `2.5 %`, `10GB`, `500MB`, `0` (no floor), or a plain number of bytes. */
export const parseDiskFloor = (env: Env, name = 'DISK_FREE_FLOOR'): DiskFloor => {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return defaultDiskFloor;
  const invalid = () =>
    new ConfigError(
      `${name} must be a share of the disk such as 5% or a size such as 10GB or 500MB (got "${raw}")`,
    );
  const match = /^(\d+(?:[.,]\d+)?)\s*(%|[a-z]*)$/i.exec(raw.trim());
  if (!match) throw invalid();
  const value = Number(match[1]!.replace(',', '.'));
  const unit = match[2]!.toLowerCase();
  if (unit === '%') {
    if (value > 100) throw invalid();
    return { fraction: value / 100 };
  }
  const multiple = units[unit];
  if (multiple === undefined || !Number.isFinite(value)) throw invalid();
  return { bytes: Math.round(value * multiple) };
};

/** The floor in bytes on a filesystem of `totalBytes`: the smaller of the parts given. */
export const floorBytes = (floor: DiskFloor, totalBytes: number): number =>
  Math.min(
    floor.fraction === undefined ? Infinity : Math.ceil(floor.fraction * totalBytes),
    floor.bytes ?? Infinity,
  );

/** The setting as the README and the logs say it: `5 %`, `10 GiB`, `5 % or 10 GiB`. */
export const describeDiskFloor = (floor: DiskFloor): string =>
  [
    floor.fraction === undefined ? undefined : `${+(floor.fraction * 100).toFixed(3)} %`,
    floor.bytes === undefined ? undefined : formatBytes(floor.bytes),
  ]
    .filter(Boolean)
    .join(' or ');

/** Bytes for a log line: `9.3 GiB`, `512 MiB`, `740 B`. */
export const formatBytes = (bytes: number): string => {
  const steps = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let step = 0;
  while (Math.abs(value) >= 1024 && step < steps.length - 1) {
    value /= 1024;
    step += 1;
  }
  return `${step === 0 ? value : +value.toFixed(1)} ${steps[step]}`;
};
