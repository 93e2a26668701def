import { Type, type Static } from '@sinclair/typebox';
import { roles } from './enums.ts';

export const RoleSchema = Type.Union(roles.map((r) => Type.Literal(r)));

export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  role: RoleSchema,
  gdaAccess: Type.Boolean(),
  sso: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  lastLoginAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type User = Static<typeof User>;

const Username = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._@-]+$' });
const Password = Type.String({ minLength: 8, maxLength: 256 });

export const NewUserBody = Type.Object({
  username: Username,
  password: Password,
  role: RoleSchema,
  gda_access: Type.Optional(Type.Boolean()),
});
export type NewUserBody = Static<typeof NewUserBody>;

export const UpdateUserBody = Type.Object({
  username: Type.Optional(Username),
  password: Type.Optional(Password),
  role: Type.Optional(RoleSchema),
  gda_access: Type.Optional(Type.Boolean()),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

/** The token payload, exactly these fields (server-rules.md, "Identity and tokens"). */
export interface TokenPayload {
  user: number;
  role: (typeof roles)[number];
  username: string;
  gda_access: boolean;
  exp: number;
  iat: number;
}

export const AccessToken = Type.Object({ accessToken: Type.String() });
