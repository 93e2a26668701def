import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, Promotion } from './common.ts';

export const HomeDisplayBody = Type.Object({ homeDisplay: Type.Integer() });
export const GpaPromoBody = Type.Object({ gpaPromo: Type.Integer() });

/** `PUT /homeDisplay/:n`: one of the four home display modes. */
export const HomeDisplayParams = Type.Object({ n: Type.Integer({ minimum: 0, maximum: 3 }) });
/** `PUT /gpaPromo/:n`: a promotion number, or -1 for none. */
export const GpaPromoParams = Type.Object({ n: Promotion });
/** `PUT /currentDirect/:id`: a direct id, or -1 to clear (0 and other negatives are refused). */
export const CurrentDirectParams = Type.Object({ id: Type.Union([Type.Literal(-1), IdSchema]) });

export const CurrentDirectBody = Type.Object({
  currentDirect: Type.Integer(),
  homeDisplay: Type.Integer(),
});
export type CurrentDirectBody = Static<typeof CurrentDirectBody>;
