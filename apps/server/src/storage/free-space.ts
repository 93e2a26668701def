import { mkdir, statfs } from 'node:fs/promises';

/** Bytes an unprivileged process may still write on the filesystem holding `folder`. */
export const freeBytes = async (folder: string): Promise<number> => {
  await mkdir(folder, { recursive: true });
  const stats = await statfs(folder);
  return stats.bavail * stats.bsize;
};
