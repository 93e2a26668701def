/** The video's CSS variable holding how far cues rise: the bar's height while it shows. */
export const CAPTION_LIFT = '--caption-lift';

/**
 * The `<video>`'s rules for its cues: white on a dark translucent box, readable over any
 * picture, and lifted above the control bar. A cue's own `line` cannot do the lift: Chromium
 * ignores `lineAlign`, so a cue of two lines would fall back over the bar; the cue box's
 * container (Chromium, Safari) moves whole. Firefox has no such container: there cues keep to
 * the bottom.
 */
export const captionSx = {
  '&::cue': {
    color: '#fff',
    backgroundColor: 'rgba(0, 0, 0, 0.75)',
    fontFamily: 'Roboto, Arial, sans-serif',
    // Chromium sizes cues at 5 % of the video's height: 9 px in a phone's 200 px tall player.
    fontSize: 'max(14px, 1em)',
  },
  '&::-webkit-media-text-track-container': {
    transform: `translateY(calc(-1 * var(${CAPTION_LIFT}, 0px)))`,
    transition: 'transform 150ms',
  },
} as const;
