import { errorStatus } from '../../../../lib/api.ts';

/**
 * The server's own words for a refusal (400, 409: a bad range, a cut already under way,
 * nothing to undo), which are French; any other failure gets the page's `fallback`.
 */
export const refusalText = (error: unknown, fallback: string) => {
  const status = errorStatus(error);
  return (status === 400 || status === 409) && error instanceof Error && error.message
    ? error.message
    : fallback;
};

/** How long « Annuler le montage » is offered: the status says it only once a cut is done. */
export const UNDO_DAYS_TEXT = 'pendant 7 jours';
