/**
 * tus-js-client's browser build, imported by path: its package picks the build with the
 * `browser` field only, which Vite's test runner (a Node resolver) ignores. Same API as the
 * package's own types.
 */
declare module 'tus-js-client/lib.esm/browser/index.js' {
  export * from 'tus-js-client';
}
