import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FragmentSink } from './live-fragments.ts';
import { LOW_LATENCY_SEGMENT_SECONDS, PART_TARGET_SECONDS } from './low-latency-args.ts';
import { createLowLatencyVariant, type LowLatencyVariant } from './low-latency-variant.ts';

/**
 * The low-latency side of one live on the machine receiving its encoder: a variant per name
 * (the source, then the rungs), whose segments and inits go beside the variant's standard HLS
 * in the live's folder. It lasts as long as the live keeps « Latence faible » across its parts.
 */
export const createLowLatencyLive = ({
  hlsFolder,
  names,
  windowSeconds,
  onTooSpaced,
  onUnreadable,
}: {
  hlsFolder: string;
  /** `variantNames(ladder)`: the variants' folder names, never from a request. */
  names: string[];
  windowSeconds: number;
  onTooSpaced: (seconds: number) => void;
  onUnreadable: (variant: string, why: string) => void;
}) => {
  let spacedTold = false;
  const variants = new Map<string, LowLatencyVariant>(
    names.map((name) => [
      name,
      createLowLatencyVariant({
        segmentSeconds: LOW_LATENCY_SEGMENT_SECONDS,
        partTarget: PART_TARGET_SECONDS,
        windowSeconds,
        write: (file, bytes) => writeFile(path.join(hlsFolder, name, file), bytes),
        remove: (file) => rm(path.join(hlsFolder, name, file), { force: true }),
        onTooSpaced: (seconds) => {
          if (spacedTold) return;
          spacedTold = true;
          onTooSpaced(seconds);
        },
      }),
    ]),
  );
  const all = () => [...variants.values()];
  return {
    variant: (name: string) => variants.get(name),
    /** Where the fragments of variant `index` go (live-part.ts asks at each ffmpeg start). */
    sink(index: number): FragmentSink {
      const name = names[index]!;
      const variant = variants.get(name)!;
      return {
        init: (bytes) => variant.init(bytes),
        fragment: (fragment) => variant.fragment(fragment),
        unreadable: (why) => onUnreadable(name, why),
      };
    },
    /** New viewers get it only while every variant has parts (keyframes close enough). */
    playable: () => all().every((variant) => !variant.tooSpaced()),
    /** The live is over: the playlists end, every waiting request is answered. */
    end: () => all().forEach((variant) => variant.end()),
  };
};

export type LowLatencyLive = ReturnType<typeof createLowLatencyLive>;
