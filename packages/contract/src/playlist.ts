import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common.ts';
import { LineText, ParagraphsText } from './text.ts';
import { fieldLimits } from './limits.ts';

export const Playlist = Type.Object({
  code: Type.String(),
  title: Type.String(),
  description: Type.String(),
  authorId: Type.Integer(),
  isPublic: Type.Boolean(),
  /** Whether the viewer has it in their library. */
  inLibrary: Type.Optional(Type.Boolean()),
  videoCount: Type.Optional(Type.Integer()),
});
export type Playlist = Static<typeof Playlist>;

export const PlaylistList = Type.Object({
  playlists: Type.Array(Playlist),
  nResults: Type.Integer(),
});
export type PlaylistList = Static<typeof PlaylistList>;

export const PlaylistBody = Type.Object({
  title: LineText(fieldLimits.title),
  description: Type.Optional(ParagraphsText(fieldLimits.description)),
  isPublic: Type.Optional(Type.Boolean()),
});
export type PlaylistBody = Static<typeof PlaylistBody>;

/** Playlist codes are short URL-safe strings (base64url alphabet). */
export const PlaylistCode = Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' });

export const PlaylistCodeParams = Type.Object({ code: PlaylistCode });

export const PlaylistVideoParams = Type.Object({ code: PlaylistCode, videoId: IdSchema });

/** The full list of the playlist's video ids, in the new order. */
export const ReorderBody = Type.Array(IdSchema, { maxItems: fieldLimits.playlistVideos });

/** Answer of PUT/DELETE library/{code}: whether the playlist is now in the viewer's library. */
export const LibraryAnswer = Type.Object({ ok: Type.Boolean(), inLibrary: Type.Boolean() });
export type LibraryAnswer = Static<typeof LibraryAnswer>;
