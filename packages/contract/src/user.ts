import { Type, type Static } from '@sinclair/typebox';
import { MAX_PAGE_SIZE } from './common.ts';
import { roles } from './enums.ts';
import { LineText, OptionalLineText, TextPattern } from './text.ts';
import { fieldLimits } from './limits.ts';

export const RoleSchema = Type.Union(roles.map((r) => Type.Literal(r)));

/** An account as the API shows it: never its password hash. */
export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  role: RoleSchema,
  gdaAccess: Type.Boolean(),
  /** Linked to a single sign-on identity. */
  sso: Type.Boolean(),
  /** The linked identity's `sub` at the school's provider, null when none. */
  ssoSubject: Type.Union([Type.String(), Type.Null()]),
  /** False for an account that signs in through single sign-on only. */
  hasPassword: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  lastLoginAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type User = Static<typeof User>;

export const UserList = Type.Object({ users: Type.Array(User), nResults: Type.Integer() });
export type UserList = Static<typeof UserList>;

/** Accounts are few: one page of up to 100 by default. */
export const UserPagingQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  page_size: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: MAX_PAGE_SIZE }),
});
export type UserPagingQuery = Static<typeof UserPagingQuery>;

const Username = Type.String({
  minLength: 1,
  maxLength: fieldLimits.username,
  pattern: TextPattern.username,
});
const Password = Type.String({
  minLength: fieldLimits.password.min,
  maxLength: fieldLimits.password.max,
  pattern: TextPattern.optionalLine,
});

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

/**
 * `POST /api/token` fields (multipart form, or JSON). Both are optional here so that a missing
 * or empty one gets the French message of the login form, not a generic validation error.
 */
export const LoginBody = Type.Object({
  username: Type.Optional(OptionalLineText(256)),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
});
export type LoginBody = Static<typeof LoginBody>;

/** The token payload, exactly these fields (server-rules.md, "Identity and tokens"). */
export interface TokenPayload {
  user: number;
  role: (typeof roles)[number];
  username: string;
  gda_access: boolean;
  exp: number;
  iat: number;
}

/**
 * `PUT /api/users/{id}/sso`: links the account to the person whose `sub` at the configured
 * provider is `subject`, so they sign in with their school account as well.
 */
export const SsoLinkBody = Type.Object({ subject: LineText(fieldLimits.ssoSubject) });
export type SsoLinkBody = Static<typeof SsoLinkBody>;

/**
 * `GET /api/auth/callback`: the provider's answer as the browser brought it back to
 * /auth/callback (RFC 6749 section 4.1.2; RFC 9207 `iss`). Other parameters are let through.
 */
export const SsoCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 4096 })),
    state: Type.Optional(Type.String({ maxLength: 1024 })),
    iss: Type.Optional(Type.String({ maxLength: 1024 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: true },
);

export const AccessToken = Type.Object({ accessToken: Type.String() });
export type AccessToken = Static<typeof AccessToken>;
