import { captionLanguageName } from '@plateau/contract/constants';
import { captionTrackUrl } from '../../../lib/media-url.ts';

interface CaptionTracksProps {
  videoId: number;
  /** The version of the video's media (`Video.mediaVersion`). */
  version: number;
  languages: string[];
  token: string | null;
}

/**
 * One `<track>` per caption language, children of the `<video>`; useCaptionDisplay sets which
 * one shows. The only subtitle tracks of the element: hls.js (light build) adds none.
 */
export const CaptionTracks = ({ videoId, version, languages, token }: CaptionTracksProps) =>
  languages.map((language) => (
    <track
      key={language}
      kind="subtitles"
      srcLang={language}
      label={captionLanguageName(language)}
      src={captionTrackUrl(videoId, language, token, version)}
    />
  ));
