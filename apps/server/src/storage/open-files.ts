import { close, fstat, open } from 'node:fs';

/** What a stat says a path holds; a descriptor is reused only for the very same file. */
export interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

/** A descriptor lent to one reader: it stays open until `release` (called once or more). */
export interface FileLease {
  readonly fd: number;
  release(): void;
}

export interface OpenFiles {
  /**
   * A descriptor of the file at `path` as `expected` (a stat of the path made just before)
   * describes it, shared with the other readers of that file; null when the path now holds
   * another file or none (replaced or deleted since that stat).
   */
  lease(path: string, expected: FileIdentity): Promise<FileLease | null>;
  /** Descriptors open, and leases not released yet: for tests and leak checks. */
  counts(): { open: number; leased: number };
}

interface Entry {
  identity: FileIdentity;
  /** Null when the path held another file or none by the time it was opened. */
  fd: Promise<number | null>;
  /** `fd` once settled, so that a last release closes the descriptor at once. */
  settled?: number | null;
  leases: number;
  idleSince: number;
  retired: boolean;
}

const sameFile = (a: FileIdentity, b: FileIdentity) =>
  a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs;

const gone = (error: NodeJS.ErrnoException) =>
  error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR';

const noop = () => {};

/**
 * Open descriptors kept per path while readers come back, so a player's range after range does
 * not open, stat and close the file each time. A descriptor is only reused for the file the
 * caller's fresh stat describes: as long as it is open its inode number cannot be reused, so a
 * file replaced (a rename over the path, as `commit` does) or deleted is never read through an
 * old descriptor once the path says so. Unused descriptors close after `idleMs` to 2 `idleMs`
 * (a deleted file's space is freed then), sooner past `maxOpen` descriptors.
 */
export const createOpenFiles = ({
  idleMs = 10_000,
  maxOpen = 128,
}: { idleMs?: number; maxOpen?: number } = {}): OpenFiles => {
  const entries = new Map<string, Entry>();
  let openCount = 0;
  let leased = 0;
  let sweeper: NodeJS.Timeout | undefined;

  const closeFd = (fd: number | null) => {
    if (fd === null) return;
    openCount -= 1;
    close(fd, noop);
  };
  const closeEntry = (entry: Entry) => {
    if (entry.settled !== undefined) closeFd(entry.settled);
    else void entry.fd.then(closeFd, noop);
  };

  /** Out of the map for new readers; closed once its last lease is released. */
  const retire = (path: string, entry: Entry) => {
    // Twice would close the descriptor number twice, maybe another file's by then.
    if (entry.retired) return;
    entry.retired = true;
    if (entries.get(path) === entry) entries.delete(path);
    if (entry.leases === 0) closeEntry(entry);
    if (entries.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };

  const sweep = () => {
    const now = performance.now();
    for (const [path, entry] of entries) {
      if (entry.leases === 0 && now - entry.idleSince >= idleMs) retire(path, entry);
    }
  };

  /** Rejects on errors other than "not there" (e.g. EMFILE): a 500, not a 404. */
  const openMatching = (path: string, expected: FileIdentity) =>
    new Promise<number | null>((resolve, reject) => {
      open(path, 'r', (openError, fd) => {
        if (openError) return gone(openError) ? resolve(null) : reject(openError);
        fstat(fd, (statError, stat) => {
          if (statError || !stat.isFile() || !sameFile(stat, expected)) {
            close(fd, noop);
            return statError && !gone(statError) ? reject(statError) : resolve(null);
          }
          openCount += 1;
          resolve(fd);
        });
      });
    });

  const add = (path: string, expected: FileIdentity) => {
    // Past `maxOpen`, unused descriptors go, oldest opened first; those in use stay.
    for (const [other, entry] of entries) {
      if (entries.size < maxOpen) break;
      if (entry.leases === 0) retire(other, entry);
    }
    const { dev, ino, size, mtimeMs } = expected;
    const entry: Entry = {
      identity: { dev, ino, size, mtimeMs },
      fd: openMatching(path, expected),
      leases: 0,
      idleSince: 0,
      retired: false,
    };
    // A failed open is not kept: the next reader tries again.
    entry.fd.then(
      (fd) => {
        entry.settled = fd;
        if (fd === null) retire(path, entry);
      },
      () => {
        entry.settled = null;
        retire(path, entry);
      },
    );
    entries.set(path, entry);
    if (!sweeper) sweeper = setInterval(sweep, idleMs).unref();
    return entry;
  };

  return {
    async lease(path, expected) {
      let entry = entries.get(path);
      if (entry && !sameFile(entry.identity, expected)) {
        retire(path, entry);
        entry = undefined;
      }
      entry ??= add(path, expected);
      entry.leases += 1;
      leased += 1;
      const done = () => {
        entry.leases -= 1;
        leased -= 1;
        if (entry.leases > 0) return;
        if (entry.retired) closeEntry(entry);
        else entry.idleSince = performance.now();
      };
      let fd: number | null;
      try {
        fd = await entry.fd;
      } catch (error) {
        done();
        throw error;
      }
      if (fd === null) {
        done();
        return null;
      }
      let released = false;
      return {
        fd,
        release() {
          if (released) return;
          released = true;
          done();
        },
      };
    },
    counts: () => ({ open: openCount, leased }),
  };
};
