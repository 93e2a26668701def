import { mkdir, statfs } from 'node:fs/promises';
import { floorBytes, formatBytes, type DiskFloor } from '../config/disk-floor.ts';
import type { MediaStorage } from './media-storage.ts';
import { createResumableStore, type ResumableStore } from './resumable-store.ts';

/** What a filesystem has: bytes an unprivileged process may still write, and its size. */
export interface DiskSpace {
  available: number;
  total: number;
}

/** Reads the space of the filesystem holding `folder`; tests give a fake one (a nearly full disk). */
export type FreeSpaceProvider = (folder: string) => Promise<DiskSpace>;

/** The real filesystem, by statfs. */
export const statfsSpace: FreeSpaceProvider = async (folder) => {
  await mkdir(folder, { recursive: true });
  const stats = await statfs(folder);
  return { available: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
};

/** Bytes an unprivileged process may still write on the filesystem holding `folder`. */
export const freeBytes = async (folder: string): Promise<number> =>
  (await statfsSpace(folder)).available;

/** The media disk as the guard sees it, in bytes. */
export interface DiskRoom {
  available: number;
  /** What accepted uploads still have to write: taken already, though not written yet. */
  promised: number;
  /** DISK_FREE_FLOOR on this filesystem. */
  floor: number;
  /** What may still be written while keeping the floor: available - promised - floor. */
  room: number;
}

export interface DiskCheck extends DiskRoom {
  /** The bytes asked for. */
  length: number;
  /** True when writing `length` more keeps the free space at or above the floor. */
  ok: boolean;
}

/**
 * The one rule of the media disk (DISK_FREE_FLOOR), shared by uploads and encodes: something
 * that will write `length` bytes may start only while available - promised - length stays at
 * or above the floor. An upload of unknown length asks for 0: refused once below the floor.
 */
export interface DiskGuard {
  room(): Promise<DiskRoom>;
  check(length: number): Promise<DiskCheck>;
}

export interface DiskGuardOptions {
  /** A folder on the media filesystem (the storage's root). */
  folder: string;
  floor: DiskFloor;
  /** Default: the real filesystem. */
  space?: FreeSpaceProvider;
  /** What accepted uploads still have to write (the resumable store's unfinished uploads). */
  promised?: () => Promise<number>;
}

export const createDiskGuard = ({
  folder,
  floor,
  space = statfsSpace,
  promised = async () => 0,
}: DiskGuardOptions): DiskGuard => {
  const room = async (): Promise<DiskRoom> => {
    const [disk, taken] = await Promise.all([space(folder), promised()]);
    const floorOnDisk = floorBytes(floor, disk.total);
    return {
      available: disk.available,
      promised: taken,
      floor: floorOnDisk,
      room: disk.available - taken - floorOnDisk,
    };
  };
  return {
    room,
    async check(length) {
      const now = await room();
      return { ...now, length, ok: length <= now.room };
    },
  };
};

/**
 * The media disk's guard as every process builds it (server, worker): DISK_FREE_FLOOR on the
 * storage's filesystem, counting what unfinished resumable uploads still have to write.
 */
export const createMediaDiskGuard = (
  config: { diskFreeFloor: DiskFloor },
  mediaRoot: string,
  resumableStore: Pick<ResumableStore, 'promisedBytes'>,
): DiskGuard =>
  createDiskGuard({
    folder: mediaRoot,
    floor: config.diskFreeFloor,
    promised: () => resumableStore.promisedBytes(),
  });

/**
 * A folder on the disk uploads and encodes fill: the media directory on the local backend; with
 * a bucket, the scratch folder under DATA_DIR, where every upload is checked before it leaves.
 */
export const workingDiskFolder = (
  config: { scratchDir: string },
  storage: Pick<MediaStorage, 'backend' | 'localFiles'>,
): string =>
  storage.backend === 'local' && storage.localFiles ? storage.localFiles.root : config.scratchDir;

/** A check for the log: what was asked, what is free, what is kept. */
export const describeDiskCheck = (check: DiskCheck): string =>
  [
    `needs ${formatBytes(check.length)}`,
    `${formatBytes(check.available)} free`,
    ...(check.promised > 0 ? [`${formatBytes(check.promised)} promised to uploads`] : []),
    `floor ${formatBytes(check.floor)} (DISK_FREE_FLOOR)`,
  ].join(', ');

/**
 * A worker's guard, on the disk its encodes fill as the server's guard is (workingDiskFolder).
 * It has no upload store of its own: on the disk it reads the uploads' folder; on a bucket the
 * unfinished uploads wait there, and their scratch copies are the servers'.
 */
export const createWorkerDiskGuard = (
  config: { diskFreeFloor: DiskFloor; uploadExpiryHours: number; scratchDir: string },
  storage: Pick<MediaStorage, 'backend' | 'localFiles'>,
): DiskGuard =>
  storage.backend === 'local' && storage.localFiles
    ? createMediaDiskGuard(
        config,
        storage.localFiles.root,
        createResumableStore(storage.localFiles.root, config.uploadExpiryHours * 3600 * 1000),
      )
    : createDiskGuard({ folder: config.scratchDir, floor: config.diskFreeFloor });
