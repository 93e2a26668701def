import { formatCount } from './statistics-format.ts';
import { saveFile } from '../../lib/save-file.ts';

/**
 * What a chart shows, as rows: drawn as its « Tableau » and written as its CSV, so the two never
 * disagree with the picture.
 */
export interface TableCell {
  /** What the CSV holds: a number as it is, a day as `YYYY-MM-DD`; null for nothing. */
  value: string | number | null;
  /** What the page shows, when not the value itself (a French date, « 12,5 h »). */
  text?: string;
  /** A link inside the app (a video's or a direct's statistics). */
  to?: string;
}

export interface TableColumn {
  label: string;
  /** Numbers are right-aligned. */
  numeric?: boolean;
}

export interface TableData {
  /** The table's caption, and the CSV file's name. */
  caption: string;
  columns: TableColumn[];
  rows: TableCell[][];
}

export const cellText = (cell: TableCell): string => {
  if (cell.text !== undefined) return cell.text;
  if (cell.value === null) return '—';
  return typeof cell.value === 'number' ? formatCount(cell.value) : cell.value;
};

// French Excel reads `;` between fields and a decimal comma, and needs the BOM to take the file as
// UTF-8 (« Heures regardées » would come out garbled).
const SEPARATOR = ';';
const BOM = '\uFEFF';

const csvField = (value: string | number | null): string => {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value).replace('.', ',') : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The table as CSV: French headers, one line per row, numbers without spaces or units. */
export const toCsv = (table: TableData): string =>
  BOM +
  [table.columns.map((column) => column.label), ...table.rows.map((row) => row.map((c) => c.value))]
    .map((line) => line.map(csvField).join(SEPARATOR))
    .join('\r\n') +
  '\r\n';

/** "statistiques-vues-par-jour-2026-11-01-2026-11-30.csv". */
export const csvFileName = (caption: string, suffix?: string) =>
  `${[
    'statistiques',
    caption
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    suffix,
  ]
    .filter(Boolean)
    .join('-')}.csv`;

/** Has the browser save the table as a CSV file (no server involved: it is already here). */
export const downloadCsv = (table: TableData, fileName: string) =>
  saveFile(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }), fileName);
