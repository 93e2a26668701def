import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { readPlayerChoices, rememberPlayerChoices } from '../../lib/player-choices.ts';
import { captionListQuery } from '../../resources/captions.ts';
import { useViewer } from '../../resources/viewer.ts';
import { CAPTION_LIFT } from './captions.ts';

export interface Captions {
  /** The video's caption languages (`fr`, `en`…); empty while loading or when it has none. */
  languages: string[];
  /** The language shown, null when captions are off. */
  active: string | null;
  onSelect: (language: string | null) => void;
}

/**
 * The video's captions and the one shown: the person's last choice in any player when this
 * video has that language, off otherwise (the choice itself stays for the next video).
 */
export const useCaptions = (videoId: number): Captions => {
  const { data } = useQuery(captionListQuery(useViewer(), videoId));
  const languages = useMemo(() => data?.captions.map((c) => c.language) ?? [], [data]);
  const [chosen, setChosen] = useState(() => readPlayerChoices().captions);
  return {
    languages,
    active: chosen !== null && languages.includes(chosen) ? chosen : null,
    onSelect: (language) => {
      setChosen(language);
      rememberPlayerChoices({ captions: language });
    },
  };
};

/** A few pixels between the cues and the seek bar. */
const GAP = 4;

/** The bar's height from the seek bar up: the gradient's padding above it may hold cues. */
const barHeight = (bar: HTMLElement) => {
  const first = bar.firstElementChild;
  return bar.offsetHeight - (first instanceof HTMLElement ? first.offsetTop : 0);
};

/**
 * Shows the `<track>` of `active` and disables the others (a disabled track is not fetched),
 * and lifts the cues above the control bar while it shows (captionSx), following its height.
 */
export const useCaptionDisplay = (
  media: RefObject<HTMLVideoElement | null>,
  bar: RefObject<HTMLElement | null>,
  active: string | null,
  languages: string[],
  barShown: boolean,
) => {
  const trackList = languages.join(',');
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    for (const track of Array.from(element.querySelectorAll('track'))) {
      // jsdom has no TextTrack: the component tests give the elements one.
      if (track.track) track.track.mode = track.srclang === active ? 'showing' : 'disabled';
    }
  }, [media, active, trackList]);

  useEffect(() => {
    const element = media.current;
    const controls = bar.current;
    if (!element || !controls || !barShown) {
      element?.style.setProperty(CAPTION_LIFT, '0px');
      return;
    }
    const lift = () => element.style.setProperty(CAPTION_LIFT, `${barHeight(controls) + GAP}px`);
    lift();
    // The bar wraps and resizes with the player (a phone turned, fullscreen).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(lift);
    observer?.observe(controls);
    return () => observer?.disconnect();
  }, [media, bar, barShown]);
};
