import { Privacy, type Direct, type DirectBody } from '@plateau/contract';
import { badRequest } from '../../lib/errors.ts';
import type { DirectValues } from './directs.repository.ts';

/**
 * Turns a DirectBody into the values to store. The schema has checked the shapes; this checks
 * what a pattern cannot (real calendar days, URL schemes, promotion range).
 */

const DEFAULT_PRIVACY = Privacy.School;

/** "2026-11-21" is that day at 00:00 UTC; a time without an offset is read as UTC too. */
export const parseDate = (value: string): Date => {
  const iso = value.replace(' ', 'T');
  const hasTime = iso.includes('T');
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/.test(iso);
  const date = new Date(hasTime && !hasOffset ? `${iso}Z` : iso);
  if (Number.isNaN(date.getTime()) || !dayExists(value.slice(0, 10)) || date.getUTCFullYear() < 1) {
    throw badRequest(`Date invalide : « ${value} »`);
  }
  return date;
};

/** JavaScript rolls 2026-02-31 over to March: a calendar day that does not exist is refused. */
const dayExists = (day: string) => {
  const midnight = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(midnight.getTime()) && midnight.toISOString().startsWith(day);
};

export const parsePromotion = (value: number | string): number => {
  const promotion = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(promotion) || promotion < -1 || promotion > 9999) {
    throw badRequest('Promotion invalide : un entier entre -1 (aucune) et 9999 est attendu');
  }
  return promotion;
};

/** Empty (no live) or an absolute http(s) address: anything else could run in a browser. */
export const parseLiveUrl = (value: string): string => {
  const url = value.trim();
  if (url === '') return '';
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (
    !parsed ||
    /\s/.test(url) ||
    !(parsed.protocol === 'http:' || parsed.protocol === 'https:') ||
    parsed.hostname === ''
  ) {
    throw badRequest('Lien du live invalide : une adresse http(s) est attendue');
  }
  return url;
};

/**
 * The values to store. Fields left out of the body keep `current` (an update) or take the
 * defaults (a create). GDA-only is kept only on privacy 2, where it means something.
 */
export const directValues = (body: DirectBody, current?: Direct): DirectValues => {
  const privacy = body.privacy ?? current?.privacy ?? DEFAULT_PRIVACY;
  const gpaRestricted = body.gpa_restricted ?? current?.gpaRestricted ?? false;
  return {
    title: body.title.trim(),
    description: body.description ?? current?.description ?? '',
    date:
      body.date !== undefined
        ? parseDate(body.date)
        : current
          ? new Date(current.date)
          : new Date(),
    privacy,
    promotion:
      body.promotion !== undefined ? parsePromotion(body.promotion) : (current?.promotion ?? -1),
    gpaRestricted: gpaRestricted && privacy === Privacy.Plateau,
    liveUrl: body.liveUrl !== undefined ? parseLiveUrl(body.liveUrl) : (current?.liveUrl ?? ''),
    chatEnabled: body.chat ?? current?.chat ?? false,
  };
};
