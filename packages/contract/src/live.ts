import { Type, type Static } from '@sinclair/typebox';

/**
 * Plateau Live: a direct broadcast into Plateau itself (RTMP ingest, live HLS, REDIFF).
 * The broadcast settings (server URL and secret stream key) are shown to geeks only.
 */

/** `GET/PUT /directs/:id/broadcast`, `POST /directs/:id/broadcast/key` (geeks). */
export const DirectBroadcast = Type.Object({
  /** "Diffuser sur Plateau" is on: the direct has a stream key and its liveUrl is its own page. */
  enabled: Type.Boolean(),
  /** What the encoder's "Serveur" field takes, e.g. rtmp://plateau.example:1935/live; '' when the ingest is off. */
  serverUrl: Type.String(),
  /** The secret stream key (24+ characters), null when broadcasting is off. */
  streamKey: Type.Union([Type.String(), Type.Null()]),
  /**
   * « Latence faible »: the lives are also served as low-latency HLS (parts of about 1/3 s)
   * to players on the machine receiving the encoder. Taken when the encoder (re)connects.
   */
  lowLatency: Type.Boolean(),
});
export type DirectBroadcast = Static<typeof DirectBroadcast>;

/** Either switch alone, or both: what is left out stays as it is. */
export const DirectBroadcastBody = Type.Object({
  enabled: Type.Optional(Type.Boolean()),
  lowLatency: Type.Optional(Type.Boolean()),
});
export type DirectBroadcastBody = Static<typeof DirectBroadcastBody>;

/**
 * A direct's live as viewers see it:
 * - off: broadcasting on Plateau is not enabled for this direct;
 * - waiting: enabled, nothing received yet (or the last live ended and a new one may start);
 * - live: the encoder is sending;
 * - reconnecting: the encoder dropped, the live continues if it comes back within the grace;
 * - ended: the last live is over (its REDIFF is `rediffVideoId` once built).
 */
export const liveStates = ['off', 'waiting', 'live', 'reconnecting', 'ended'] as const;
export type LiveState = (typeof liveStates)[number];

export const LiveStatus = Type.Object({
  state: Type.Union(liveStates.map((state) => Type.Literal(state))),
  startedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  endedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** People watching now (players that fetched the playlist in the last seconds). */
  viewers: Type.Integer(),
  /** The master playlist to play (live or reconnecting), a path under /api; null otherwise. */
  playlist: Type.Union([Type.String(), Type.Null()]),
  /** The REDIFF video in /pending, once the ended live has been turned into one. */
  rediffVideoId: Type.Union([Type.Integer(), Type.Null()]),
  /** How far the REDIFF is (0-99) while the ended live's parts are joined; null otherwise. */
  rediffProgress: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
  /** Why the last stream was refused or stopped, in French; geeks only (null for others). */
  problem: Type.Union([Type.String(), Type.Null()]),
  /**
   * How long the live's segments now last, while it runs (geeks only, null otherwise). A
   * segment is cut at the encoder's first keyframe after `LIVE_KEYFRAME_SECONDS`: longer
   * segments mean the encoder's keyframes are further apart, and every viewer further behind.
   */
  segmentSeconds: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  /**
   * The live is served as low-latency HLS now (« Latence faible », by the machine receiving
   * the encoder, with keyframes close enough): players keep to the part hold-back.
   */
  lowLatency: Type.Boolean(),
});
export type LiveStatus = Static<typeof LiveStatus>;

/** `GET/PUT /liveSettings` (geeks): what Plateau does by itself when a live starts and ends. */
export const LiveSettings = Type.Object({
  /** A live that starts becomes the current direct ("DT en cours") when no other is. */
  liveSetsCurrent: Type.Boolean(),
  /** An ended live's REDIFF is encoded and published at once instead of waiting in /pending. */
  publishRediff: Type.Boolean(),
});
export type LiveSettings = Static<typeof LiveSettings>;
