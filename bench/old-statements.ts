import { readFileSync } from 'node:fs';
import type { CapturedStatement } from './capture.ts';

/**
 * The statements the API sent before migration 0009 (tag filters as one `exists` per tag, every
 * total counted from rows, search ranking every match, tag ids aggregated per row), captured
 * from that code (commit 7680934) by `captureStatements` for the bench's URLs, with the bench's
 * tag ids (1, 2, 3) and viewer (user 1). The reference column replays them on the raw floor.
 */
interface OldStatements {
  /** The old query of a page's rows, for one id: widened to the page's ids at replay. */
  rowsByIds: string;
  /** Per URL: the total and the page of ids, in waves as the old API sent them. */
  scenarios: Record<string, CapturedStatement[]>;
}

const file = JSON.parse(
  readFileSync(new URL('./old-statements.json', import.meta.url), 'utf8'),
) as OldStatements;

/**
 * A deep page other than the captured page 200 (the smaller embedded catalogue ends sooner):
 * the page 200 statements with that page's offset, their last parameter.
 */
const deepPage = (path: string): CapturedStatement[] | undefined => {
  const page = Number(/[?&]page=(\d+)/.exec(path)?.[1]);
  const captured = file.scenarios[path.replace(/([?&]page=)\d+/, '$1200')];
  if (!captured || !(page > 1)) return undefined;
  return captured.map((s) =>
    s.text.includes(' offset ') ? { ...s, values: [...s.values.slice(0, -1), (page - 1) * 48] } : s,
  );
};

const isTokenCheck = (s: CapturedStatement) => s.text.startsWith('select "username"');

/**
 * The old statements of `path`, or undefined when none were captured: the token check the API
 * sends today (unchanged), the old total and page, then the old row query for `pageIds`.
 */
export const oldStatementsFor = (
  path: string,
  current: CapturedStatement[],
  pageIds: number[],
): CapturedStatement[] | undefined => {
  const old = file.scenarios[path] ?? deepPage(path);
  if (!old) return undefined;
  const tokenCheck = current.filter(isTokenCheck).map((s) => ({ ...s, wave: 0 }));
  const body = old.map((s) => ({ ...s, wave: s.wave + 1 }));
  const last = Math.max(...body.map((s) => s.wave));
  const rows =
    pageIds.length === 0
      ? []
      : [
          {
            text: file.rowsByIds.replace(
              'in ($1)',
              `in (${pageIds.map((_, i) => `$${i + 1}`).join(', ')})`,
            ),
            values: pageIds,
            wave: last + 1,
          },
        ];
  return [...tokenCheck, ...body, ...rows];
};
