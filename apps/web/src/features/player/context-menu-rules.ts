import { Processing } from '@plateau/contract/constants';

export interface ItemRule {
  visible: boolean;
  enabled: boolean;
}

export interface ContextMenuRules {
  loop: ItemRule;
  copyLink: ItemRule;
  copyLinkAt: ItemRule;
  download: ItemRule;
  frame: ItemRule;
}

interface RulesInput {
  processing: number;
  paused: boolean;
  isMember: boolean;
  /** The page gave a download action. */
  canDownload: boolean;
}

/**
 * The video context menu (spec "Layout elements"): loop, link copy and download only once the
 * video is published; copy-at-instant and the frame need it paused; the frame is for members.
 */
export const contextMenuRules = ({
  processing,
  paused,
  isMember,
  canDownload,
}: RulesInput): ContextMenuRules => {
  const published = processing === Processing.Published;
  return {
    loop: { visible: true, enabled: published },
    copyLink: { visible: true, enabled: published },
    copyLinkAt: { visible: true, enabled: published && paused },
    download: { visible: canDownload, enabled: published },
    frame: { visible: isMember, enabled: paused },
  };
};
