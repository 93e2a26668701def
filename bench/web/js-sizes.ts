import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export const readManifest = (webDist: string): Manifest =>
  JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;

/** The manifest key of the HTML entry (index.html): the chunk every page starts with. */
export const entryKey = (manifest: Manifest): string => {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('no entry chunk in the Vite manifest');
  return key;
};

/** `key` and every chunk it imports statically, transitively: what loading it fetches. */
export const staticClosure = (manifest: Manifest, key: string): Set<string> => {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    manifest[k]?.imports?.forEach(visit);
  };
  visit(key);
  return seen;
};

/** Built file (assets/x-hash.js) to its manifest key. */
export const keysByFile = (manifest: Manifest): Map<string, string> =>
  new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/**
 * What the server sends for one built file: the .gz and .br files the build writes beside it
 * (at the highest levels), or the file itself when compression did not make it smaller.
 */
export const fileSizes = (webDist: string, file: string): Sizes => {
  const full = path.join(webDist, file);
  const raw = statSync(full).size;
  const sized = (extension: string, compress: (data: Buffer) => Buffer) => {
    if (existsSync(full + extension)) return statSync(full + extension).size;
    // A build without precompressed files: compress as the build would.
    return Math.min(raw, compress(readFileSync(full)).length);
  };
  return {
    raw,
    gzip: sized('.gz', (data) => gzipSync(data, { level: constants.Z_BEST_COMPRESSION })),
    brotli: sized('.br', (data) =>
      brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
    ),
  };
};

export const sumSizes = (webDist: string, files: Iterable<string>): Sizes => {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const sizes = fileSizes(webDist, file);
    total.raw += sizes.raw;
    total.gzip += sizes.gzip;
    total.brotli += sizes.brotli;
  }
  return total;
};

/** Only the JavaScript files among the chunks of `keys`. */
export const jsFiles = (manifest: Manifest, keys: Iterable<string>): string[] =>
  [...keys].map((k) => manifest[k]!.file).filter((file) => file.endsWith('.js'));

/** The short name a person recognises: the source file, else the chunk's name. */
export const chunkLabel = (manifest: Manifest, key: string): string => {
  const chunk = manifest[key]!;
  if (chunk.isEntry) return `${chunk.name ?? 'index'} (entry)`;
  return (chunk.src ?? chunk.name ?? key).replace(/^src\//, '');
};

/**
 * The hls.js chunk(s) the player imports on demand, only for Auto (issue 21): a route's own
 * JavaScript is counted without them, and they are sized on their own line.
 */
export const hlsFiles = (manifest: Manifest): Set<string> =>
  new Set(
    Object.keys(manifest)
      .filter((key) => manifest[key]!.isDynamicEntry && key.includes('node_modules/hls.js/'))
      .map((key) => manifest[key]!.file),
  );
