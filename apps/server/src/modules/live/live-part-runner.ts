import { mkdir, writeFile } from 'node:fs/promises';
import { livePartArgs, liveMasterPlaylist, variantNames, type LiveLadder } from './live-args.ts';
import { liveKeys } from './live-files.ts';
import type { LiveMirror } from './live-mirror.ts';
import { startLivePart, type LivePart } from './live-part.ts';
import { problems } from './live-problems.ts';
import { lowLatencyPartArgs, lowLatencyRungsFolder } from './low-latency-args.ts';
import { createLowLatencyLive, type LowLatencyLive } from './low-latency-live.ts';
import type { RediffDeps } from './rediff.ts';
import type { IngestPublisher } from './rtmp-ingest.ts';

/** What of a running live its parts need: the encoder, the part's ffmpeg, its low-latency side. */
export interface PartHolder {
  liveId: number;
  publisher?: IngestPublisher;
  part?: { process: LivePart; detach: () => void };
  /** « Latence faible »: its parts and blocking playlists, while its parts are low-latency. */
  lowLatency?: LowLatencyLive;
}

/**
 * The ffmpeg of each part of a live (a part runs from the encoder's connection to its loss):
 * the recording and standard HLS, and with « Latence faible » the low-latency parts, fed from
 * the encoder's stream.
 */
export const createPartRunner = ({
  deps,
  ladder,
  mirror,
  report,
}: {
  deps: Pick<RediffDeps, 'ffmpeg' | 'files'> & {
    log: { warn(message: string): void; error(message: string, error?: unknown): void };
  };
  ladder: LiveLadder;
  mirror: LiveMirror | undefined;
  /** Tells the geek (the direct's edit page) what went wrong. */
  report: (directId: number, message: string) => Promise<void>;
}) => {
  const { files, log } = deps;

  const stopPart = async (entry: PartHolder) => {
    const part = entry.part;
    if (!part) return;
    entry.part = undefined;
    part.detach();
    if (await part.process.stop()) {
      log.error(`live ${entry.liveId}: the recording's ffmpeg did not finish its part: killed`);
    }
  };

  /** The low-latency side of a part: kept across reconnects while the direct asks for it. */
  const lowLatencyOf = (
    directId: number,
    entry: PartHolder,
    wanted: boolean,
    hlsFolder: string,
  ) => {
    if (!wanted) {
      entry.lowLatency?.end();
      entry.lowLatency = undefined;
      return undefined;
    }
    entry.lowLatency ??= createLowLatencyLive({
      hlsFolder,
      names: variantNames(ladder),
      windowSeconds: ladder.dvrSeconds,
      onTooSpaced: (seconds) =>
        void report(directId, problems.lowLatencySpaced(seconds)).catch((error) =>
          log.error('live', error),
        ),
      onUnreadable: (variant, why) =>
        log.error(`live: direct ${directId}: the ${variant} fragments are unreadable: ${why}`),
    });
    return entry.lowLatency;
  };

  const startPart = async (
    directId: number,
    entry: PartHolder,
    part: number,
    wantsLowLatency: boolean,
  ) => {
    const publisher = entry.publisher!;
    const hlsFolder = files.path(liveKeys.hls(directId, entry.liveId));
    await mkdir(hlsFolder, { recursive: true });
    await writeFile(
      files.path(liveKeys.master(directId, entry.liveId)),
      liveMasterPlaylist(publisher.source(), ladder),
    );
    const recording = files.path(liveKeys.part(directId, entry.liveId, part));
    const partFiles = { recording, hlsFolder, part };
    const lowLatency = lowLatencyOf(directId, entry, wantsLowLatency, hlsFolder);
    if (lowLatency) {
      // ffmpeg writes the variant folders as it starts; the parts' files go there first.
      for (const name of variantNames(ladder))
        await mkdir(`${hlsFolder}/${name}`, { recursive: true });
    }
    const process = startLivePart(
      deps.ffmpeg,
      lowLatency ? lowLatencyPartArgs(partFiles, ladder) : livePartArgs(partFiles, ladder),
      {
        tap: (sink) => publisher.tap(sink),
        onRungTrouble: (why, restarting) => {
          const message = restarting ? problems.rungsRestarted : problems.rungsStopped;
          log.warn(`live: direct ${directId}: the rungs' encoder ${why}`);
          void report(directId, message).catch((error) => log.error('live', error));
        },
        ...(lowLatency && { fragments: (index: number) => lowLatency.sink(index) }),
      },
      lowLatency
        ? { rungs: ladder.heights.length, rungsFolder: lowLatencyRungsFolder(partFiles) }
        : {},
    );
    const detach = publisher.attach((chunk) => {
      if (!process.write(chunk)) publisher.drop();
    });
    entry.part = { process, detach };
    mirror?.follow(directId, entry.liveId);
    void process.exited.then(({ ok, error }) => {
      if (!ok && entry.part?.process === process) {
        log.error(`live: direct ${directId}: ffmpeg stopped: ${error ?? 'unknown error'}`);
        publisher.drop();
      }
    });
  };

  return { start: startPart, stop: stopPart };
};

export type PartRunner = ReturnType<typeof createPartRunner>;
