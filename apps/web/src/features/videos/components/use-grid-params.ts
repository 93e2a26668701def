import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** `?page=2&tags=3,5`: page and tag filter live in the URL so back, forward and reload keep them. */
export const PAGE_PARAM = 'page';
export const TAGS_PARAM = 'tags';

/** A page number from the URL: anything but a whole number from 1 up reads as 1. */
export const parsePage = (value: string | null) => {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
};

/** Tag ids from the URL (`3,5`), valid ones only, without repeats, in increasing order. */
export const parseTags = (value: string | null): number[] => {
  if (!value) return [];
  const ids = value
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id >= 1);
  return [...new Set(ids)].sort((a, b) => a - b);
};

export const useGridParams = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const pageValue = searchParams.get(PAGE_PARAM);
  const tagsValue = searchParams.get(TAGS_PARAM);
  const page = parsePage(pageValue);
  const tags = useMemo(() => parseTags(tagsValue), [tagsValue]);

  // A new page is a new history entry: the browser's back button returns to the one before.
  const setPage = useCallback(
    (next: number, options: { replace?: boolean } = {}) =>
      setSearchParams((params) => {
        const copy = new URLSearchParams(params);
        if (next > 1) copy.set(PAGE_PARAM, String(next));
        else copy.delete(PAGE_PARAM);
        return copy;
      }, options),
    [setSearchParams],
  );

  // Another filter starts again from page 1; chip clicks replace the entry (no history spam).
  const setTags = useCallback(
    (next: readonly number[]) =>
      setSearchParams(
        (params) => {
          const copy = new URLSearchParams(params);
          copy.delete(PAGE_PARAM);
          const sorted = [...new Set(next)].sort((a, b) => a - b);
          if (sorted.length > 0) copy.set(TAGS_PARAM, sorted.join(','));
          else copy.delete(TAGS_PARAM);
          return copy;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return { page, tags, setPage, setTags };
};
