/**
 * `@plateau/contract/constants`: the contract's plain values (enums, directory keys), free of
 * TypeBox schemas, so the web app can import them without shipping every schema and
 * `@sinclair/typebox` in its entry chunk. The index re-exports all of it for the server.
 */
export * from './enums.ts';
export * from './site-keys.ts';
export * from './limits.ts';
export * from './uploads.ts';
export * from './captions.ts';
export * from './chapters.ts';
export * from './trims.ts';
export * from './statistics-rules.ts';
export * from './chat-rules.ts';
