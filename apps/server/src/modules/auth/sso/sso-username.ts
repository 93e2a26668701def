import { fieldLimits } from '@plateau/contract';

/** Plateau's username rule (contract `TextPattern.username` and `fieldLimits.username`). */
const MAX_LENGTH = fieldLimits.username;
/** Room kept for a clash suffix such as "-12". */
const SUFFIX_ROOM = 4;

/**
 * A claim value made into a valid username: accents dropped ("Élodie" → "Elodie"), every run of
 * other characters turned into one "-", leading and trailing "-" and "." trimmed. Empty when
 * nothing usable is left (a name in another script, say).
 */
export const toUsername = (value: string): string =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._@-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, MAX_LENGTH - SUFFIX_ROOM)
    .replace(/[-.]+$/, '');

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The username a first single sign-on proposes: the configured claim, else the local part of
 * `email`, else `sub`, else "eleve"; each made valid by `toUsername`.
 */
export const proposedUsername = (claims: Record<string, unknown>, usernameClaim: string) => {
  const candidates = [
    text(claims[usernameClaim]),
    text(claims.email).split('@')[0] ?? '',
    text(claims.sub),
  ];
  for (const candidate of candidates) {
    const username = toUsername(candidate);
    if (username) return username;
  }
  return 'eleve';
};

/**
 * The first of `base`, `base-2`, `base-3`... that none of `taken` holds, ignoring case as
 * usernames do.
 */
export const firstFreeUsername = (base: string, taken: Iterable<string>): string => {
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
};
