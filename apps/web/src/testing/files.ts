import { File as NodeFile } from 'node:buffer';

/**
 * A file of `size` bytes, as a person would pick it. Node's own File, not jsdom's: msw reads
 * the body of an XMLHttpRequest (tus-js-client's PATCH) only from a Node Blob, so a test can
 * count the bytes each PATCH carried. `lastModified` is fixed: the same file twice is the same
 * file for a resume.
 */
export const bytesFile = (name: string, size: number, type = 'video/mp4', lastModified = 1) =>
  new NodeFile([new Uint8Array(size)], name, { type, lastModified }) as unknown as File;

/** A file holding exactly `bytes` (a hand-built MP4). */
export const fileOfBytes = (name: string, bytes: Uint8Array, type = 'video/mp4') =>
  new NodeFile([bytes], name, { type, lastModified: 1 }) as unknown as File;
