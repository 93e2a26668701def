import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** First line of `ffmpeg -version`, for the start-up log. */
  version: string;
  source: 'config' | 'path' | 'npm';
}

const versionOf = async (binary: string): Promise<string | null> => {
  try {
    const { stdout } = await run(binary, ['-version'], { timeout: 10_000 });
    return stdout.split('\n')[0] ?? '';
  } catch {
    return null;
  }
};

/** The binaries of the optional npm packages, when they installed for this platform. */
const npmBinary = (pkg: string): string | undefined => {
  try {
    return (require(pkg) as { path: string }).path;
  } catch {
    return undefined;
  }
};

/**
 * ffmpeg/ffprobe in order: FFMPEG_PATH/FFPROBE_PATH, then PATH (Debian's is newer), then the
 * @ffmpeg-installer/@ffprobe-installer binaries so an npm-only install still encodes.
 * Null when none works: the server still runs, and refuses encode requests.
 */
export const locateMediaBinaries = async (overrides: {
  ffmpegPath?: string;
  ffprobePath?: string;
}): Promise<MediaBinaries | null> => {
  const candidates: [MediaBinaries['source'], string | undefined, string | undefined][] = [
    ['config', overrides.ffmpegPath, overrides.ffprobePath],
    ['path', 'ffmpeg', 'ffprobe'],
    ['npm', npmBinary('@ffmpeg-installer/ffmpeg'), npmBinary('@ffprobe-installer/ffprobe')],
  ];
  for (const [source, ffmpeg, ffprobe] of candidates) {
    if (!ffmpeg || !ffprobe) continue;
    const [version, probeVersion] = await Promise.all([versionOf(ffmpeg), versionOf(ffprobe)]);
    if (version !== null && probeVersion !== null) return { ffmpeg, ffprobe, version, source };
    // An explicit path that does not work is a configuration mistake, not a reason to guess.
    if (source === 'config') return null;
  }
  return null;
};
