import type { DayTotals, SiteDay, TopDirect, TopVideo } from '@plateau/contract';
import { dayInParis } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import type { KeyFigure } from './statistics-figures.ts';
import {
  compare,
  formatCount,
  formatDay,
  formatHours,
  formatInstantDay,
  formatStorage,
  hoursOf,
} from './statistics-format.ts';
import { groupLabel, sumOf, unitLabels, type Group, type GroupUnit } from './statistics-groups.ts';
import type { TableCell, TableData } from './statistics-table.ts';

/** The statistics' tables: what each chart draws, and the tops, as rows. */

const GO = 1024 ** 3;

const dayCell = (day: string): TableCell => ({ value: day, text: formatDay(day) });
const countCell = (value: number): TableCell => ({ value, text: formatCount(value) });
const hoursCell = (seconds: number): TableCell => ({
  value: hoursOf(seconds),
  text: formatHours(seconds),
});

/** Views, viewers and hours, one row per day. */
export const audienceTable = (caption: string, days: readonly DayTotals[]): TableData => ({
  caption,
  columns: [
    { label: 'Jour' },
    { label: 'Vues', numeric: true },
    { label: 'Spectateurs', numeric: true },
    { label: 'Heures regardées', numeric: true },
  ],
  rows: days.map((day) => [
    dayCell(day.day),
    countCell(day.views),
    countCell(day.viewers),
    hoursCell(day.seconds),
  ]),
});

/** The same per week or month (the printed report): viewers are then added up, day by day. */
export const audienceGroupTable = (
  caption: string,
  groups: readonly Group<SiteDay>[],
  unit: GroupUnit,
): TableData => ({
  caption,
  columns: [
    { label: unitLabels[unit] },
    { label: 'Vues', numeric: true },
    { label: unit === 'day' ? 'Spectateurs' : 'Spectateurs (cumul des jours)', numeric: true },
    { label: 'Heures regardées', numeric: true },
    { label: 'Mises en ligne', numeric: true },
  ],
  rows: groups.map((group) => [
    { value: group.from, text: groupLabel(group, unit) },
    countCell(sumOf(group.items, (day) => day.views)),
    countCell(sumOf(group.items, (day) => day.viewers)),
    hoursCell(sumOf(group.items, (day) => day.seconds)),
    countCell(sumOf(group.items, (day) => day.uploads)),
  ]),
});

export const uploadsTable = (
  caption: string,
  groups: readonly Group<SiteDay>[],
  unit: GroupUnit,
): TableData => ({
  caption,
  columns: [{ label: unitLabels[unit] }, { label: 'Mises en ligne', numeric: true }],
  rows: groups.map((group) => [
    { value: group.from, text: groupLabel(group, unit) },
    countCell(sumOf(group.items, (day) => day.uploads)),
  ]),
});

export const storageTable = (caption: string, days: readonly SiteDay[]): TableData => ({
  caption,
  columns: [{ label: 'Jour' }, { label: 'Stockage (Go)', numeric: true }],
  rows: days.map((day) => [
    dayCell(day.day),
    {
      value: day.storageBytes === null ? null : Math.round((day.storageBytes / GO) * 100) / 100,
      text: formatStorage(day.storageBytes),
    },
  ]),
});

export const topVideosTable = (caption: string, videos: readonly TopVideo[]): TableData => ({
  caption,
  columns: [
    { label: 'Vidéo' },
    { label: 'Vues', numeric: true },
    { label: 'Heures regardées', numeric: true },
  ],
  rows: videos.map((video) => [
    { value: video.title, to: paths.videoStatistics(video.id) },
    countCell(video.views),
    hoursCell(video.seconds),
  ]),
});

export const topDirectsTable = (caption: string, directs: readonly TopDirect[]): TableData => ({
  caption,
  columns: [
    { label: 'Direct' },
    { label: 'Date' },
    { label: 'Pic', numeric: true },
    { label: 'Spectateurs uniques', numeric: true },
  ],
  rows: directs.map((direct) => [
    { value: direct.title, to: paths.directStatistics(direct.id) },
    { value: dayInParis(direct.startedAt), text: formatInstantDay(direct.startedAt) },
    countCell(direct.peakViewers),
    countCell(direct.uniqueViewers),
  ]),
});

/** The key figures beside the period before's, with their change (the printed report). */
export const figuresTable = (caption: string, figures: readonly KeyFigure[]): TableData => ({
  caption,
  columns: [
    { label: 'Chiffre' },
    { label: 'Période', numeric: true },
    { label: 'Période précédente', numeric: true },
    { label: 'Évolution', numeric: true },
  ],
  rows: figures.map((figure) => {
    const change = figure.compared && compare(figure.compared.current, figure.compared.previous);
    return [
      { value: figure.label },
      { value: figure.compared?.current ?? figure.text, text: figure.text },
      {
        value: figure.compared?.previous ?? null,
        text: figure.compared?.previousText ?? '—',
      },
      { value: change?.text ?? null, text: change?.text ?? '—' },
    ];
  }),
});
