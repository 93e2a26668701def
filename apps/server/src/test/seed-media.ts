import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from '../storage/media-storage.ts';

/**
 * Publishes `content` (bytes, or a local file copied) under `key` as the server does (a
 * temporary file, then commit), so that a test seeds media the same way on both backends: the
 * server-s3 project keeps them in the bucket, never under DATA_DIR/media.
 */
export const putStored = async (
  storage: MediaStorage,
  key: string,
  content: Uint8Array | { file: string },
) => {
  // The key's extension kept: ffmpeg and ffprobe guess some formats from a name.
  const temp = await storage.tempPath(path.extname(key));
  if ('file' in content) await copyFile(content.file, temp);
  else await writeFile(temp, content);
  await storage.commit(temp, key);
};
