export { createLocalStorage } from './local-storage.ts';
export { readFileStart } from './scratch-folder.ts';
export type {
  ByteRange,
  FolderEntry,
  LocalMediaFiles,
  LocalMediaStorage,
  MediaStorage,
  PresignedReadOptions,
} from './media-storage-interface.ts';

/**
 * The folder a key belongs to, the unit that lives on one backend and moves whole: a video's
 * (`videos/5`), a direct's (`directs/3`). A live's files are the live module's own
 * (modules/live/live-files.ts): the media storage knows nothing of them.
 */
export const mediaFolderOf = (key: string): string | null => {
  const match = /^(videos|directs)\/(\d+)(\/|$)/.exec(key);
  return match ? `${match[1]}/${match[2]}` : null;
};

export const mediaKeys = {
  videoFolder: (videoId: number) => `videos/${videoId}`,
  /** The original as uploaded: `version` is the row's `raw_version` (0: the first name). */
  raw: (videoId: number, version = 0) => {
    if (!Number.isSafeInteger(version) || version < 0)
      throw new Error(`bad raw version ${version}`);
    return `videos/${videoId}/${version === 0 ? 'raw' : `raw-${version}`}.mp4`;
  },
  /**
   * The folder of one version of a video's renditions, storyboard and captions
   * (`videos.media_version`): the video's own folder for 0 (the encode's names), `v<n>` in it
   * for a cut's (« Montage »), which is stored beside the version being watched.
   */
  versionFolder: (videoId: number, version: number) => {
    if (!Number.isSafeInteger(version) || version < 0)
      throw new Error(`bad media version ${version}`);
    return version === 0 ? `videos/${videoId}` : `videos/${videoId}/v${version}`;
  },
  rung: (videoId: number, rung: number, version: number) =>
    `${mediaKeys.versionFolder(videoId, version)}/${rung}.mp4`,
  /** A rung's segment index (JSON), written at encode time: adaptive manifests are built from it. */
  rungIndex: (videoId: number, rung: number, version: number) =>
    `${mediaKeys.versionFolder(videoId, version)}/${rung}.index.json`,
  /** The sound's loudness along the video (JSON), made on first demand for « Montage ». */
  loudness: (videoId: number, version: number) =>
    `${mediaKeys.versionFolder(videoId, version)}/loudness.json`,
  thumbnail: (videoId: number) => `videos/${videoId}/thumbnail`,
  /** Seek previews: the sprite of small frames and the WebVTT track mapping times to tiles. */
  storyboardImage: (videoId: number, version: number) =>
    `${mediaKeys.versionFolder(videoId, version)}/storyboard.jpg`,
  storyboardVtt: (videoId: number, version: number) =>
    `${mediaKeys.versionFolder(videoId, version)}/storyboard.vtt`,
  /** A caption's WebVTT: `language` is an ISO 639-1 code, checked again here. */
  caption: (videoId: number, language: string, version: number) => {
    if (!/^[a-z]{2}$/.test(language)) throw new Error(`bad caption language ${language}`);
    return `${mediaKeys.versionFolder(videoId, version)}/captions/${language}.vtt`;
  },
  poster: (directId: number) => `directs/${directId}/poster`,
};
