import { Type, type Static } from '@sinclair/typebox';

/** One entry of the contact directory (spec section 3): who to write to, and where. */
export const ContactEntry = Type.Object({
  name: Type.String(),
  email: Type.String(),
});
export type ContactEntry = Static<typeof ContactEntry>;

// The directory's keys (`contactKeys`) live in the schema-free site-keys.ts (see constants.ts).

/** A link to one of the association's internal tools (side menu, ESPACE MEMBRE). */
export const ExternalLink = Type.Object({
  label: Type.String(),
  url: Type.String(),
});
export type ExternalLink = Static<typeof ExternalLink>;

/**
 * `GET /api/site` (public): the deployment's branding and links, read by the server from its
 * environment or `DATA_DIR/site.json`, so a deployment changes them without a rebuild.
 */
export const SiteSettings = Type.Object({
  associationName: Type.String(),
  /** A paragraph or two about the association (footer, /contact). */
  associationText: Type.String(),
  /** Hero taglines of the signed-out home page; one is drawn at random. */
  taglines: Type.Array(Type.String()),
  /** URL of the banner video (home hero, /login on wide screens); empty for none. */
  bannerVideoUrl: Type.String(),
  contacts: Type.Object({
    general: ContactEntry,
    presta: ContactEntry,
    prez: ContactEntry,
    matos: ContactEntry,
    rej: ContactEntry,
    geek: ContactEntry,
  }),
  /** Internal tools listed for members. */
  externalLinks: Type.Array(ExternalLink),
  /** Database administration link, shown to geeks only; empty for none. */
  databaseAdminUrl: Type.String(),
  /** Whether single sign-on is configured: the /login button is hidden when it is not. */
  sso: Type.Boolean(),
});
export type SiteSettings = Static<typeof SiteSettings>;
