/**
 * The codecs of an FLV stream, read from the first bytes of its tags (as NMS hands them: one
 * whole tag per buffer, after the 13-byte file header). Plateau copies the source into its
 * recording and its HLS, so only H.264 video and AAC audio are accepted.
 */

const AUDIO_TAG = 8;
const VIDEO_TAG = 9;
const TAG_HEADER = 11;

const videoCodecNames: Record<number, string> = {
  2: 'Sorenson H.263',
  3: 'Screen video',
  4: 'VP6',
  5: 'VP6 alpha',
  6: 'Screen video 2',
  7: 'H.264',
};
const audioCodecNames: Record<number, string> = {
  0: 'PCM',
  1: 'ADPCM',
  2: 'MP3',
  3: 'PCM',
  4: 'Nellymoser',
  5: 'Nellymoser',
  6: 'Nellymoser',
  7: 'G.711',
  8: 'G.711',
  10: 'AAC',
  11: 'Speex',
  14: 'MP3',
};

export interface FlvCodecs {
  video?: string;
  audio?: string;
}

/** The codec a tag carries, if the buffer is an audio or video tag. */
export const codecOfTag = (tag: Buffer): FlvCodecs => {
  if (tag.length <= TAG_HEADER) return {};
  const first = tag[TAG_HEADER]!;
  if (tag[0] === VIDEO_TAG) {
    // Enhanced RTMP (HEVC, AV1, VP9) sets the top bit and names its codec by a FourCC.
    if (first & 0x80) {
      const fourCc = tag.subarray(TAG_HEADER + 1, TAG_HEADER + 5).toString('latin1');
      return { video: fourCc === 'hvc1' ? 'HEVC' : fourCc === 'av01' ? 'AV1' : fourCc };
    }
    return { video: videoCodecNames[first & 0x0f] ?? 'inconnu' };
  }
  if (tag[0] === AUDIO_TAG) return { audio: audioCodecNames[first >> 4] ?? 'inconnu' };
  return {};
};

/**
 * Watches tags until both codecs are known. `verdict` says the stream is fine (undefined),
 * not decided yet (null), or why it is refused, in French.
 */
export const createCodecCheck = () => {
  const seen: FlvCodecs = {};
  return {
    look(tag: Buffer) {
      if (seen.video && seen.audio) return;
      const codecs = codecOfTag(tag);
      seen.video ??= codecs.video;
      seen.audio ??= codecs.audio;
    },
    verdict(): string | null | undefined {
      const wrongVideo = seen.video !== undefined && seen.video !== 'H.264';
      const wrongAudio = seen.audio !== undefined && seen.audio !== 'AAC';
      if (wrongVideo || wrongAudio) {
        return `Flux refusé : Plateau attend de la vidéo H.264 et du son AAC (reçu : ${seen.video ?? 'pas de vidéo'} et ${seen.audio ?? 'pas de son'}).`;
      }
      return seen.video && seen.audio ? undefined : null;
    },
  };
};
