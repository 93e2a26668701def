import type { Page } from 'playwright-core';
import { STAMP_BITS, STAMP_LAYOUT, stampedEncoderArgs } from '../../bench/live/stamp.ts';
import {
  installStampReader,
  NAME_HELPER,
  type StampReading,
} from '../../bench/live/stamp-reader.ts';

/**
 * The wall clock drawn into each frame by the encoder and read back from Plateau's own player
 * (the bench's stamp, `bench/live/stamp.ts`): now minus the stamp is how far behind the stage
 * a viewer is, since the encoder and Chromium share this machine's clock.
 */

/**
 * An encoder's arguments for a stamped test pattern (640x360, keyframes every `gop` frames,
 * encoded as it is sent, as a camera's encoder does), before its output.
 */
export const stampedEncoder = (gop: number) =>
  stampedEncoderArgs(gop, { scale: 0.5, preset: 'ultrafast' });

export interface ClockReader {
  /** The median distance to the stage of the frames shown in the last `ms`, in ms (NaN: none). */
  behind(ms?: number): Promise<number>;
  /** How many times the picture stopped to wait for data since the reading began. */
  stalls(): Promise<number>;
}

/** Starts reading the clock from `page`'s live player (its one <video>). */
export const readLiveClock = async (page: Page): Promise<ClockReader> => {
  await page.evaluate(NAME_HELPER);
  await page.evaluate(installStampReader, { layout: STAMP_LAYOUT, bits: STAMP_BITS });
  await page.evaluate(() => {
    const reader = window as unknown as {
      readStamps: (video: HTMLVideoElement) => StampReading;
      liveClock: StampReading;
      liveStalls: number;
    };
    const video = document.querySelector('video')!;
    reader.liveClock = reader.readStamps(video);
    reader.liveStalls = 0;
    video.addEventListener('waiting', () => (reader.liveStalls += 1));
  });
  return {
    behind: (ms = 2000) =>
      page.evaluate((window_) => {
        const { samples } = (window as unknown as { liveClock: StampReading }).liveClock;
        const since = Date.now() - window_;
        const recent = samples
          .filter((sample) => sample.at >= since)
          .map((sample) => sample.at - sample.stamp)
          .sort((a, b) => a - b);
        return recent.length > 0 ? recent[Math.floor(recent.length / 2)]! : Number.NaN;
      }, ms),
    stalls: () => page.evaluate(() => (window as unknown as { liveStalls: number }).liveStalls),
  };
};
