import { http, HttpResponse } from 'msw';
import type {
  DirectBody,
  DirectBroadcast,
  DirectBroadcastBody,
  LiveStatus,
} from '@plateau/contract';
import { server } from '../../../testing/server.ts';
import { makeDirect, makeLiveStatus } from './fixtures.ts';

export const SERVER_URL = 'rtmp://plateau.example:1935/live';
export const KEY = 'k3y-Sup3r-S3cr3t-0f-24-ch4rs';
export const NEW_KEY = 'n3w-k3y-Sup3r-S3cr3t-24-ch4rs';
/** What the server makes the direct's live link while broadcasting is on. */
export const OWN_PAGE = 'http://localhost:8080/direct?d=12';
export const waiting = makeLiveStatus({ state: 'waiting', playlist: null, viewers: 0 });

const conflict = (message: string) =>
  HttpResponse.json({ statusCode: 409, error: 'Conflict', message }, { status: 409 });

/**
 * The direct 12 with its broadcast and live, as the server keeps them: turning broadcasting on
 * makes the live link its own page, off clears it. Every write is recorded.
 */
export const broadcastServer = ({
  enabled = false,
  status = waiting,
  refuseOff,
  failLowLatency = false,
}: {
  enabled?: boolean;
  status?: LiveStatus;
  /** The 409 message the server answers to turning broadcasting off. */
  refuseOff?: string;
  /** « Latence faible » cannot be changed (the server answers 500). */
  failLowLatency?: boolean;
} = {}) => {
  const state = {
    broadcast: {
      enabled,
      serverUrl: SERVER_URL,
      streamKey: enabled ? KEY : null,
      lowLatency: false,
    } as DirectBroadcast,
    direct: makeDirect({ liveUrl: enabled ? OWN_PAGE : 'https://live.example.org/gala' }),
    status,
    switches: [] as boolean[],
    lowLatencySwitches: [] as boolean[],
    regenerations: 0,
    ends: 0,
    saved: undefined as DirectBody | undefined,
  };
  server.use(
    http.get('*/api/directs/:id', () =>
      HttpResponse.json({ directs: [state.direct], nResults: 1 }),
    ),
    http.put('*/api/directs/:id', async ({ request }) => {
      state.saved = (await request.json()) as DirectBody;
      return HttpResponse.json(state.direct);
    }),
    http.get('*/api/directs/:id/broadcast', () => HttpResponse.json(state.broadcast)),
    http.put('*/api/directs/:id/broadcast', async ({ request }) => {
      const { enabled: on, lowLatency } = (await request.json()) as DirectBroadcastBody;
      if (lowLatency !== undefined) {
        state.lowLatencySwitches.push(lowLatency);
        if (failLowLatency) return HttpResponse.json({ message: 'boom' }, { status: 500 });
        state.broadcast = { ...state.broadcast, lowLatency };
      }
      if (on === undefined) return HttpResponse.json(state.broadcast);
      state.switches.push(on);
      if (!on && refuseOff) return conflict(refuseOff);
      state.broadcast = {
        enabled: on,
        serverUrl: SERVER_URL,
        streamKey: on ? KEY : null,
        lowLatency: state.broadcast.lowLatency,
      };
      state.direct = { ...state.direct, liveUrl: on ? OWN_PAGE : '' };
      state.status = on ? waiting : makeLiveStatus({ state: 'off', playlist: null });
      return HttpResponse.json(state.broadcast);
    }),
    http.post('*/api/directs/:id/broadcast/key', () => {
      state.regenerations += 1;
      state.broadcast = { ...state.broadcast, streamKey: NEW_KEY };
      return HttpResponse.json(state.broadcast);
    }),
    http.get('*/api/directs/:id/live', () => HttpResponse.json(state.status)),
    http.post('*/api/directs/:id/live/end', () => {
      state.ends += 1;
      state.status = makeLiveStatus({ state: 'ended', playlist: null, viewers: 0 });
      return HttpResponse.json(state.status);
    }),
    http.get('*/api/media/poster/:id', () => new HttpResponse(null, { status: 404 })),
  );
  return state;
};
