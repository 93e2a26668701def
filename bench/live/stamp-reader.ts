import type { STAMP_LAYOUT } from './stamp.ts';

/** What a page keeps of each decoded frame of a stamped picture. */
export interface FrameSample {
  /** Date.now() in the frame's callback. */
  at: number;
  /** The wall clock the publisher drew into it. */
  stamp: number;
  height: number;
}

export interface StampReading {
  samples: FrameSample[];
  unreadable: number;
}

/**
 * Runs in the page (`page.evaluate(installStampReader, { layout, bits })`): defines
 * `window.readStamps(video)`, which reads the stamp back from each frame the compositor
 * presents (requestVideoFrameCallback, canvas) into the reading it returns. Used by the
 * bench's bare player and by the e2e on Plateau's own live player. Self-contained: the page
 * gets this function's text only.
 */
export const installStampReader = ({
  layout,
  bits,
}: {
  layout: typeof STAMP_LAYOUT;
  bits: number;
}) => {
  const read = (video: HTMLVideoElement): StampReading => {
    const reading: StampReading = { samples: [], unreadable: 0 };
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const onFrame = (_now: number, frame: VideoFrameCallbackMetadata) => {
      const at = Date.now();
      const { width, height } = frame;
      const band = Math.ceil((layout.band * height) / layout.height);
      if (canvas.width !== width || canvas.height !== band) {
        canvas.width = width;
        canvas.height = band;
      }
      context.drawImage(video, 0, 0, width, band, 0, 0, width, band);
      const pixels = context.getImageData(0, 0, width, band).data;
      const y = Math.round(((layout.boxY + layout.boxHeight / 2) * height) / layout.height);
      let stamp = 0;
      for (let bit = 0; bit < bits; bit += 1) {
        const x = Math.round(
          ((layout.firstX + bit * layout.step + layout.boxWidth / 2) * width) / layout.width,
        );
        const index = (y * width + x) * 4;
        const luma =
          0.299 * pixels[index]! + 0.587 * pixels[index + 1]! + 0.114 * pixels[index + 2]!;
        if (luma > 128) stamp += 2 ** bit;
      }
      // A frame whose band did not decode into a time of the last two minutes is not counted.
      if (Math.abs(at - stamp) < 120_000) reading.samples.push({ at, stamp, height });
      else reading.unreadable += 1;
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
    return reading;
  };
  (window as unknown as { readStamps: typeof read }).readStamps = read;
};

/** tsx and vitest may wrap a function's inner functions in `__name(fn, "name")`. */
export const NAME_HELPER = 'window.__name = (fn) => fn;';
