/**
 * The `tee` muxer's target list: one MP4 per rung, each with its own video stream and the shared
 * audio. The list is parsed twice by ffmpeg (slaves split on `|`, then each slave's options), so
 * option values are quoted inside escaped quotes, and a path has every character that is not a
 * letter or a digit backslash-escaped: any folder name survives, whatever it holds.
 */

const escapePath = (file: string): string => file.replace(/[^A-Za-z0-9]/g, (char) => `\\${char}`);

/** Slave options: faststart MP4, and one failing slave fails the whole encode. */
const slave = (file: string, index: number, withAudio: boolean): string => {
  const streams = withAudio ? `v:${index},a` : `v:${index}`;
  return `[f=mp4:movflags=+faststart:onfail=abort:select=\\'${streams}\\']${escapePath(file)}`;
};

export const teeTargets = (files: string[], withAudio: boolean): string =>
  files.map((file, index) => slave(file, index, withAudio)).join('|');
