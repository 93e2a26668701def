import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  Direct,
  DirectBroadcast,
  DirectBroadcastBody,
  LiveSettings,
  LiveState,
  LiveStatus,
} from '@plateau/contract';
import { api } from '../lib/api.ts';
import { directKeys } from './directs.ts';
import { useViewer, type Viewer } from './viewer.ts';

/** How often an open page asks for a direct's live: faster while it is about to change. */
export const LIVE_POLL_MS = 5000;
export const LIVE_FAST_POLL_MS = 2000;

/** A live's status and a direct's broadcast depend on who asks: each key names the viewer. */
export const liveKeys = {
  all: ['live'] as const,
  status: (viewer: Viewer, directId: number) => ['live', viewer, 'status', directId] as const,
  broadcast: (viewer: Viewer, directId: number) => ['live', viewer, 'broadcast', directId] as const,
  /** The live settings are the same for every geek. */
  settings: ['live', 'settings'] as const,
};

/** A live that is on the air (the player shows it). */
export const isOnAir = (state: LiveState | undefined) =>
  state === 'live' || state === 'reconnecting';

const KNOWN_STATES: readonly string[] = ['off', 'waiting', 'live', 'reconnecting', 'ended'];

/** What a page shows when the status cannot be read (or reads oddly): the direct as before. */
export const LIVE_OFF: LiveStatus = {
  state: 'off',
  startedAt: null,
  endedAt: null,
  viewers: 0,
  playlist: null,
  rediffVideoId: null,
  rediffProgress: null,
  problem: null,
  segmentSeconds: null,
  lowLatency: false,
};

/** `GET directs/{id}/live`: the live as viewers see it, asked again while the page is open. */
export const liveStatusQuery = (viewer: Viewer, directId: number) =>
  queryOptions({
    queryKey: liveKeys.status(viewer, directId),
    queryFn: async ({ signal }): Promise<LiveStatus> => {
      const status = await api.get<LiveStatus>(`directs/${directId}/live`, { signal });
      return status && KNOWN_STATES.includes(status.state) ? status : LIVE_OFF;
    },
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      // Closely while something is about to change: a start, a reconnect, a REDIFF's join.
      const moving =
        state === 'waiting' || state === 'reconnecting' || query.state.data?.rediffProgress != null;
      return moving ? LIVE_FAST_POLL_MS : LIVE_POLL_MS;
    },
  });

/** `GET directs/{id}/broadcast` (geeks): whether the direct is broadcast on Plateau, and how. */
export const broadcastQuery = (viewer: Viewer, directId: number) =>
  queryOptions({
    queryKey: liveKeys.broadcast(viewer, directId),
    queryFn: ({ signal }) => api.get<DirectBroadcast>(`directs/${directId}/broadcast`, { signal }),
    // The key is a secret read afresh each time the editor opens, never an old copy.
    refetchOnMount: 'always',
  });

/** `GET liveSettings` (geeks). */
export const liveSettingsQuery = queryOptions({
  queryKey: liveKeys.settings,
  queryFn: ({ signal }) => api.get<LiveSettings>('liveSettings', { signal }),
  refetchOnMount: 'always',
});

/** `PUT directs/{id}/broadcast`: turns "Diffuser sur Plateau" on or off (409 while live). */
export const putBroadcast = (directId: number, body: DirectBroadcastBody) =>
  api.put<DirectBroadcast>(`directs/${directId}/broadcast`, body);

/**
 * After a broadcast change: the new broadcast is kept, the live's status asked again, and every
 * view of directs refreshed (the server changed the direct's live link); resolves once the
 * pages on screen have their new direct.
 */
const afterBroadcast = async (
  client: QueryClient,
  viewer: Viewer,
  directId: number,
  broadcast: DirectBroadcast,
) => {
  client.setQueryData(liveKeys.broadcast(viewer, directId), broadcast);
  await Promise.all([
    client.invalidateQueries({ queryKey: liveKeys.status(viewer, directId) }),
    client.invalidateQueries({ queryKey: directKeys.all }),
  ]);
};

export const useLiveStatus = (directId: number | null) =>
  useQuery({
    ...liveStatusQuery(useViewer(), directId ?? 0),
    enabled: directId !== null,
  });

/** The broadcast of an existing direct; null (a direct being created) asks nothing. */
export const useBroadcast = (directId: number | null) =>
  useQuery({ ...broadcastQuery(useViewer(), directId ?? 0), enabled: directId !== null });

export const useLiveSettings = () => useQuery(liveSettingsQuery);

/**
 * The switch "Diffuser sur Plateau" on the edit page, applied at once (not with the form).
 * Resolves to the new broadcast and the direct's live link as the server now holds it.
 */
export const useSetBroadcast = (directId: number) => {
  const client = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: async (enabled: boolean) => {
      const broadcast = await putBroadcast(directId, { enabled });
      await afterBroadcast(client, viewer, directId, broadcast);
      const direct = client.getQueryData<Direct>(directKeys.one(viewer, directId));
      return { broadcast, liveUrl: direct?.liveUrl ?? null };
    },
  });
};

/** « Latence faible » on or off: taken by the encoder's next connection. */
export const useSetLowLatency = (directId: number) => {
  const client = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: (lowLatency: boolean) => putBroadcast(directId, { lowLatency }),
    onSuccess: (broadcast) => client.setQueryData(liveKeys.broadcast(viewer, directId), broadcast),
  });
};

/** `POST directs/{id}/broadcast/key`: a new stream key; the old one stops working. */
export const useRegenerateKey = (directId: number) => {
  const client = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: () => api.post<DirectBroadcast>(`directs/${directId}/broadcast/key`),
    onSuccess: (broadcast) => client.setQueryData(liveKeys.broadcast(viewer, directId), broadcast),
  });
};

/** `POST directs/{id}/live/end`: "Terminer le direct". */
export const useEndLive = (directId: number) => {
  const client = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: () => api.post<LiveStatus>(`directs/${directId}/live/end`),
    onSuccess: (status) => client.setQueryData(liveKeys.status(viewer, directId), status),
  });
};

/** `PUT liveSettings`: what Plateau does by itself when a live starts and ends. */
export const useSaveLiveSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: LiveSettings) => api.put<LiveSettings>('liveSettings', settings),
    onSuccess: (settings) => client.setQueryData(liveKeys.settings, settings),
  });
};
