import type { ReactNode } from 'react';
import type { PeriodTotals, SiteStatistics, VideoStatistics } from '@plateau/contract';
import { formatCount, formatHours, formatShare } from './statistics-format.ts';

/** The figures at the top of a statistics page (and of the printed report). */

export interface KeyFigure {
  label: string;
  /** The figure as shown (« 12 345 », « 12,5 h »). */
  text: string;
  /** With the period before: the change is shown beside the figure. */
  compared?: { current: number; previous: number; previousText: string };
  /** What the figure counts, when its name does not say it all. */
  caption?: ReactNode;
}

/** What « Spectateurs » adds up, said once under the figure. */
export const VIEWER_DAYS_CAPTION =
  'Spectateurs de chaque jour, additionnés : une personne venue trois jours compte trois fois.';

/** A figure of the period, with the same figure of the period before. */
const comparedFigure = (
  label: string,
  current: number,
  previous: number,
  format: (value: number) => string,
  caption?: ReactNode,
): KeyFigure => ({
  label,
  text: format(current),
  compared: { current, previous, previousText: format(previous) },
  ...(caption !== undefined && { caption }),
});

type Totals = Pick<PeriodTotals, 'views' | 'viewerDays' | 'seconds'>;

/** Views, viewers and hours watched: what the site and a video both show first. */
const audienceFigures = (totals: Totals, previous: Totals): KeyFigure[] => [
  comparedFigure('Vues', totals.views, previous.views, formatCount),
  comparedFigure(
    'Spectateurs',
    totals.viewerDays,
    previous.viewerDays,
    formatCount,
    VIEWER_DAYS_CAPTION,
  ),
  comparedFigure('Heures regardées', totals.seconds, previous.seconds, formatHours),
];

export const siteFigures = ({ totals, previous }: SiteStatistics): KeyFigure[] => [
  ...audienceFigures(totals, previous),
  comparedFigure('Mises en ligne', totals.uploads, previous.uploads, formatCount),
];

/** Views, viewers and hours compared with the period before, and the share watched. */
export const videoFigures = (data: VideoStatistics, withViewers = true): KeyFigure[] => {
  const figures: KeyFigure[] = [
    ...audienceFigures(data.totals, data.previous),
    {
      label: 'Part moyenne regardée',
      text: formatShare(data.averageShare),
      caption: 'De la durée de la vidéo, par vue.',
    },
  ];
  return withViewers ? figures : figures.filter((figure) => figure.label !== 'Spectateurs');
};
