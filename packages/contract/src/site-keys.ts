/** The keys of the contact directory, in the order the footer and /contact list them. */
export const contactKeys = ['general', 'presta', 'prez', 'matos', 'rej', 'geek'] as const;
export type ContactKey = (typeof contactKeys)[number];
