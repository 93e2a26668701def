import { api } from './api.ts';

/** The server's largest page. */
const PAGE_SIZE = 100;

/**
 * Every page of a list answer (`{ [key]: T[], nResults }`), in order: for screens that show or
 * send a list whole (a playlist being reordered, the accounts being searched), with no pager.
 */
export const fetchAllPages = async <K extends string, T>(
  path: string,
  key: K,
  signal?: AbortSignal,
): Promise<T[]> => {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get<Record<K, T[]> & { nResults: number }>(path, {
      query: { page, page_size: PAGE_SIZE },
      signal,
    });
    const batch = answer[key] ?? [];
    items.push(...batch);
    if (batch.length < PAGE_SIZE || items.length >= answer.nResults) return items;
  }
};
