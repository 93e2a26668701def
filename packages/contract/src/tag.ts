import { Type, type Static } from '@sinclair/typebox';
import { LineText } from './text.ts';
import { fieldLimits } from './limits.ts';

export const Tag = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Tag = Static<typeof Tag>;
export const TagList = Type.Array(Tag);
export const TagBody = Type.Object({ name: LineText(fieldLimits.tagName) });
export type TagBody = Static<typeof TagBody>;
