import { Type } from '@sinclair/typebox';

export const HomeDisplayBody = Type.Object({ homeDisplay: Type.Integer() });
export const GpaPromoBody = Type.Object({ gpaPromo: Type.Integer() });
