/** The `v` of `/video?v=`: a positive integer, else null (the 404 case, answered without a call). */
export const parseVideoId = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null;
  const id = Number.parseInt(raw, 10);
  return id > 0 ? id : null;
};

/**
 * The `at` of `/video?at=`: the whole second to start at (`12.7` -> 12, spec section 2).
 * Anything that is not a finite number of seconds from 0 up is ignored (undefined).
 */
export const parseAt = (raw: string | null): number | undefined => {
  if (raw === null || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.floor(seconds);
};
