/**
 * hls.js's light build (no subtitles, alternate audio or DRM: a live needs none) has the full
 * build's API but ships no types of its own under its `./light` export.
 */
declare module 'hls.js/light' {
  export { default } from 'hls.js';
  export * from 'hls.js';
}
