import { Type, type Static } from '@sinclair/typebox';

/** One dependency of the server, as `GET /api/health` sees it. */
export const HealthCheck = Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]);

/** `GET /api/health`: 200 with status "ok" when every check is "ok", else 503 "unavailable". */
export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: HealthCheck,
  queue: HealthCheck,
  /** The media storage (the media folder, or the S3 bucket); absent where none is checked. */
  storage: Type.Optional(HealthCheck),
});
export type Health = Static<typeof Health>;
