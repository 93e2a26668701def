/**
 * The `tee` muxer's target list: one MP4 per rung, each with its own video stream and the shared
 * audio, fragmented so that the file is also its own segments (design: adaptive media from one
 * copy). The list is parsed twice by ffmpeg (slaves split on `|`, then each slave's options), so
 * option values are quoted inside escaped quotes, and a path has every character that is not a
 * letter or a digit backslash-escaped: any folder name survives, whatever it holds.
 */

const escapePath = (file: string): string => file.replace(/[^A-Za-z0-9]/g, (char) => `\\${char}`);

/**
 * Fragmented MP4 (CMAF-style): a new fragment at each video keyframe (every 2 s, the same
 * frames in every rung), a sample-free `moov` at the front (the init segment), `default_base_moof`
 * so each fragment is addressed on its own, and one `sidx` per track written at the front once
 * the file is complete: the segment index HLS/DASH byte ranges come from, and what a progressive
 * player seeks with. The output must be seekable (a file): ffmpeg goes back to write the `sidx`.
 * `use_editlist=1` keeps the sound's length as in a plain MP4 (0.08 s longer without: AAC's
 * priming). Not `delay_moov`, although it would give the video the edit list that starts it at 0
 * rather than after x264's B-frame delay (0.067 s): with it ffmpeg 5.1 writes nothing before the
 * first fragment, and writing to a full disk (/dev/full) then exited 0, its ENOSPC unreported.
 */
export const FRAGMENTED_MOVFLAGS = '+frag_keyframe+empty_moov+default_base_moof+global_sidx';

/** The mp4 muxer options of every rendition: the encode's tee slaves, and a remux of an old one. */
export const FRAGMENTED_MP4_OPTIONS: readonly (readonly [string, string])[] = [
  ['movflags', FRAGMENTED_MOVFLAGS],
  ['use_editlist', '1'],
];

const muxerOptions = FRAGMENTED_MP4_OPTIONS.map(([name, value]) => `${name}=${value}`).join(':');

/** Slave options: fragmented MP4, and one failing slave fails the whole encode. */
const slave = (file: string, index: number, withAudio: boolean): string => {
  const streams = withAudio ? `v:${index},a` : `v:${index}`;
  return `[f=mp4:${muxerOptions}:onfail=abort:select=\\'${streams}\\']${escapePath(file)}`;
};

export const teeTargets = (files: string[], withAudio: boolean): string =>
  files.map((file, index) => slave(file, index, withAudio)).join('|');
