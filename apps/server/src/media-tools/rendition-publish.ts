import type { RungOutput } from './encode-args.ts';
import { writeRenditionIndex } from './rendition-index.ts';
import { mediaKeys, type MediaStorage } from '../storage/media-storage.ts';

/**
 * Each freshly encoded rung's segment index, written to a temporary file beside it. An index
 * that cannot be read costs only adaptive streaming for that rung (its manifests answer 404),
 * never the encode: the rendition still plays progressively.
 */
export const indexRenditions = async (
  storage: MediaStorage,
  videoId: number,
  outputs: RungOutput[],
  tempSuffix: (name: string) => string,
  log: { warn(msg: string): void },
): Promise<Map<number, string>> => {
  const indexes = new Map<number, string>();
  for (const output of outputs) {
    try {
      indexes.set(
        output.rung,
        await writeRenditionIndex(storage, output, tempSuffix(`${output.rung}.index.json`)),
      );
    } catch (error) {
      log.warn(
        `video ${videoId}: no segment index for ${output.rung} (${(error as Error).message})`,
      );
    }
  }
  return indexes;
};

/**
 * Moves a rung and its index into place. The index names the file it describes (size and a
 * hash of its head), so between the two renames it describes no file served and is not used:
 * a manifest never lists byte ranges of another file than the one answered.
 */
export const publishRendition = async (
  storage: MediaStorage,
  videoId: number,
  output: RungOutput,
  index: string | undefined,
  version: number,
) => {
  const indexKey = mediaKeys.rungIndex(videoId, output.rung, version);
  if (index) await storage.commit(index, indexKey);
  else await storage.remove(indexKey);
  await storage.commit(output.file, mediaKeys.rung(videoId, output.rung, version));
};

/** A rung the new encode no longer makes goes with its index. */
export const removeRendition = async (
  storage: MediaStorage,
  videoId: number,
  rung: number,
  version: number,
) => {
  await storage.remove(mediaKeys.rung(videoId, rung, version));
  await storage.remove(mediaKeys.rungIndex(videoId, rung, version));
};
