import { mediaQueryString } from '../../media-serving/media-request.ts';
import { captionLanguageName } from '@plateau/contract';
import type { RenditionIndex } from '../../media-tools/rendition-index.ts';

/**
 * HLS playlists built from the renditions' stored segment indexes, pure: no second copy of the
 * video exists, every segment is a byte range of the rendition served by
 * `GET /api/media/video/{id}/{rung}`. URIs are relative (a media playlist at
 * `/api/media/hls/{id}/{rung}.m3u8` reaches that route as `../../video/{id}/{rung}`), so the
 * playlists work behind any prefix; a token in the query is carried into each of them, as a
 * native player (Safari) sends no header.
 */

type Indexed = Pick<
  RenditionIndex,
  'rung' | 'init' | 'timescale' | 'segments' | 'codecs' | 'width' | 'height'
>;

/** What every URI of a playlist carries: the token (players that send no header), the version. */
export interface PlaylistQuery {
  token?: string;
  version?: number;
}

const withQuery = (uri: string, query: PlaylistQuery) => `${uri}${mediaQueryString(query)}`;

const seconds = (index: Indexed, ticks: number) => ticks / index.timescale;

/** Byte rates: the peak of the fragments (a last stub of a fragment left out) and the mean. */
export const renditionBandwidth = (index: Indexed) => {
  const rates = index.segments.map(([, length, duration]) => ({
    bits: length * 8,
    duration: seconds(index, duration),
  }));
  // A fragment under a second (the video's last) would inflate the peak with its keyframe.
  const full = rates.filter((rate) => rate.duration >= 1);
  const peak = Math.max(...(full.length > 0 ? full : rates).map((r) => r.bits / r.duration));
  const bits = rates.reduce((sum, rate) => sum + rate.bits, 0);
  const duration = rates.reduce((sum, rate) => sum + rate.duration, 0);
  return { peak: Math.ceil(peak), average: Math.ceil(bits / duration) };
};

/** The one group of subtitles renditions, named in every variant that has captions. */
export const SUBTITLES_GROUP = 'sous-titres';

/** A subtitles rendition per caption language, off until the viewer picks one. */
const subtitlesMedia = (language: string, query: PlaylistQuery) => {
  const attributes = [
    'TYPE=SUBTITLES',
    `GROUP-ID="${SUBTITLES_GROUP}"`,
    `NAME="${captionLanguageName(language)}"`,
    `LANGUAGE="${language}"`,
    'DEFAULT=NO',
    'AUTOSELECT=NO',
    `URI="${withQuery(`captions/${language}.m3u8`, query)}"`,
  ];
  return `#EXT-X-MEDIA:${attributes.join(',')}`;
};

/**
 * The master playlist: the captions' languages as one subtitles group (codes checked against
 * `^[a-z]{2}$` by the caption routes), then one variant per rung, best first.
 */
export const buildMasterPlaylist = (
  indexes: Indexed[],
  query: PlaylistQuery = {},
  captionLanguages: readonly string[] = [],
): string => {
  const media = captionLanguages.map((language) => subtitlesMedia(language, query));
  const variants = [...indexes]
    .sort((a, b) => b.rung - a.rung)
    .flatMap((index) => {
      const { peak, average } = renditionBandwidth(index);
      const attributes = [
        `BANDWIDTH=${peak}`,
        `AVERAGE-BANDWIDTH=${average}`,
        `RESOLUTION=${index.width}x${index.height}`,
        `CODECS="${index.codecs.join(',')}"`,
        ...(media.length > 0 ? [`SUBTITLES="${SUBTITLES_GROUP}"`] : []),
      ];
      return [`#EXT-X-STREAM-INF:${attributes.join(',')}`, withQuery(`${index.rung}.m3u8`, query)];
    });
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...media,
    ...variants,
    '',
  ].join('\n');
};

/** How long a rendition lasts: the sum of its fragments. */
export const renditionDuration = (index: Indexed): number =>
  index.segments.reduce((sum, [, , duration]) => sum + seconds(index, duration), 0);

/**
 * A subtitles media playlist: one segment, the whole WebVTT file of `GET
 * /api/media/captions/{id}/{lang}.vtt` (reached from `/api/media/hls/{id}/captions/` as
 * `../../../captions/{id}/{lang}.vtt`), lasting the whole video. The file has no
 * X-TIMESTAMP-MAP: without one, RFC 8216 (3.5) maps cue time 0 to media time 0, which is where
 * our renditions start, so the file the `<track>` elements read serves HLS players unchanged.
 */
export const buildSubtitlesPlaylist = (
  videoId: number,
  language: string,
  duration: number,
  query: PlaylistQuery = {},
): string =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(duration))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration.toFixed(6)},`,
    withQuery(`../../../captions/${videoId}/${language}.vtt`, query),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');

/** One rung's media playlist: the init segment (EXT-X-MAP), then each fragment's byte range. */
/**
 * A rung's playlist: byte ranges of its file in the version named by `query` (every URI names
 * it), so a viewer who loaded it before a cut goes on reading the file it describes (kept until
 * the sweep).
 */
export const buildMediaPlaylist = (
  videoId: number,
  index: Indexed,
  query: PlaylistQuery = {},
): string => {
  const uri = withQuery(`../../video/${videoId}/${index.rung}`, query);
  const durations = index.segments.map(([, , duration]) => seconds(index, duration));
  // Every EXTINF rounded to the nearest integer must be at most the target duration.
  const target = Math.max(1, ...durations.map((duration) => Math.round(duration)));
  const segments = index.segments.flatMap(([offset, length], at) => [
    `#EXTINF:${durations[at]!.toFixed(6)},`,
    `#EXT-X-BYTERANGE:${length}@${offset}`,
    uri,
  ]);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI="${uri}",BYTERANGE="${index.init.length}@${index.init.offset}"`,
    ...segments,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
};
