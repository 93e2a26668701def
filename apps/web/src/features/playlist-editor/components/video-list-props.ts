import type { Video } from '@plateau/contract';

/** What both ways of ordering the playlist (drag, or up and down buttons) are given. */
export interface VideoListProps {
  videos: Video[];
  /** The whole list in its new order. */
  onReorder: (ordered: Video[]) => void;
  onRemove: (video: Video) => void;
}
