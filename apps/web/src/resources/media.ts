import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchMediaBlob } from '../lib/api.ts';

const MEDIA_KEY = 'media-image';

/** The token is part of the key: signing in may reveal an image a visitor was refused. */
export const mediaKeys = {
  image: (path: string, token: string | null) => [MEDIA_KEY, path, token] as const,
};

/**
 * A protected image turned into an object URL, kept while any card shows it and a few minutes
 * after; the URL is revoked when the query leaves the cache (see `revokeImagesOnEviction`).
 */
export const mediaImageQuery = (path: string, token: string | null) =>
  queryOptions({
    queryKey: mediaKeys.image(path, token),
    queryFn: async ({ signal }) => {
      const blob = await fetchMediaBlob(path, signal);
      return blob ? URL.createObjectURL(blob) : null;
    },
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });

/** Frees the memory of object URLs whose query was dropped from the cache. */
export const revokeImagesOnEviction = (client: QueryClient) =>
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed' || event.query.queryKey[0] !== MEDIA_KEY) return;
    const url: unknown = event.query.state.data;
    if (typeof url === 'string') URL.revokeObjectURL(url);
  });

export const mediaPaths = {
  thumbnail: (videoId: number) => `media/thumbnail/${videoId}`,
  poster: (directId: number) => `media/poster/${directId}`,
};
