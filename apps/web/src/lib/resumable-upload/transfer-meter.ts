/** Where an upload stands, as the screens show it. */
export interface TransferProgress {
  bytesSent: number;
  bytesTotal: number;
  /** 0-100, rounded down: 100 only once every byte left. */
  percent: number;
  /** Bytes per second, smoothed; null until measured. */
  speed: number | null;
  /** Seconds left at that speed; null until measured. */
  secondsLeft: number | null;
}

/** The shortest span a speed sample covers: progress events come every few ms. */
const SAMPLE_MS = 500;
/** Weight of the newest sample: a Wi-Fi's ups and downs are smoothed over a few seconds. */
const SMOOTHING = 0.3;

export const progressOf = (bytesSent: number, bytesTotal: number): TransferProgress => ({
  bytesSent,
  bytesTotal,
  percent: bytesTotal > 0 ? Math.min(100, Math.floor((bytesSent / bytesTotal) * 100)) : 0,
  speed: null,
  secondsLeft: null,
});

/**
 * Turns tus-js-client's progress (bytes sent so far) into a speed and a time left. A resume
 * starts from the server's offset, below the last count: the measure restarts from there and
 * keeps the speed it knew.
 */
export const createTransferMeter = (now: () => number = () => performance.now()) => {
  let speed: number | null = null;
  let sample: { at: number; bytes: number } | null = null;

  return {
    measure(bytesSent: number, bytesTotal: number): TransferProgress {
      const at = now();
      if (!sample || bytesSent < sample.bytes) sample = { at, bytes: bytesSent };
      else if (at - sample.at >= SAMPLE_MS) {
        const current = ((bytesSent - sample.bytes) * 1000) / (at - sample.at);
        speed = speed === null ? current : SMOOTHING * current + (1 - SMOOTHING) * speed;
        sample = { at, bytes: bytesSent };
      }
      const left = bytesTotal - bytesSent;
      return {
        ...progressOf(bytesSent, bytesTotal),
        speed,
        secondsLeft: speed !== null && speed > 0 ? left / speed : null,
      };
    },
    /** After a pause or a cut: the time spent waiting is no transfer. */
    restart() {
      sample = null;
    },
  };
};
