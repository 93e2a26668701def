import { Type, type Static } from '@sinclair/typebox';

export const Tag = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Tag = Static<typeof Tag>;
export const TagList = Type.Array(Tag);
export const TagBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
});
export type TagBody = Static<typeof TagBody>;
