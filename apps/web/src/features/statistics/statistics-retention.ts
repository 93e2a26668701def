import { RETENTION_STEPS } from '@plateau/contract/constants';
import { formatCount, formatPosition, formatShare } from './statistics-format.ts';
import type { TableData } from './statistics-table.ts';

/** The retention curve's numbers: where along the video each step is, and where people left. */

/** Seconds into the video where step `index` starts. */
export const stepStart = (index: number, duration: number) => (index / RETENTION_STEPS) * duration;

/** "42 % (2:14)". */
export const stepLabel = (index: number, duration: number) =>
  `${formatShare(index / RETENTION_STEPS)} (${formatPosition(stepStart(index, duration))})`;

/**
 * What the curve says in words: where half of the views had stopped, and how many reached the
 * last step. Null while nobody watched.
 */
export const retentionSummary = (retention: readonly number[], duration: number) => {
  const first = retention[0] ?? 0;
  if (first <= 0) return null;
  const half = retention.findIndex((count) => count < first / 2);
  const last = retention.at(-1) ?? 0;
  return {
    half: half < 0 ? null : stepLabel(half, duration),
    toTheEnd: formatShare(last / first),
  };
};

export const retentionTable = (
  caption: string,
  retention: readonly number[],
  duration: number,
): TableData => ({
  caption,
  columns: [
    { label: 'Partie de la vidéo (%)' },
    { label: 'Moment (secondes)', numeric: true },
    { label: 'Vues', numeric: true },
  ],
  rows: retention.map((count, index) => [
    {
      value: Math.round((index / RETENTION_STEPS) * 100),
      text: formatShare(index / RETENTION_STEPS),
    },
    {
      value: Math.round(stepStart(index, duration)),
      text: formatPosition(stepStart(index, duration)),
    },
    { value: count, text: formatCount(count) },
  ]),
});
