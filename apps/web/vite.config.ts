import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * Writes file.br and file.gz beside each compressible file of the build, at the highest levels
 * (paid once per build), so the server sends them as they are (@fastify/static `preCompressed`).
 * A file that compresses no smaller gets none: the server then sends the file itself.
 */
const precompress = (): Plugin => ({
  name: 'plateau-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const outDir = options.dir ?? path.resolve('dist');
    const encoders = [
      [
        '.br',
        (data: Buffer) =>
          promisify(brotliCompress)(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
      ],
      ['.gz', (data: Buffer) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION })],
    ] as const;
    await Promise.all(
      Object.keys(bundle)
        .filter((name) => compressible.test(name))
        .map(async (name) => {
          const file = path.join(outDir, name);
          const data = await readFile(file);
          for (const [extension, encode] of encoders) {
            const packed = await encode(data);
            if (packed.length < data.length) await writeFile(file + extension, packed);
          }
        }),
    );
  },
});

/**
 * Lists in index.html (`#app-chunks`) the app's chunks: `app/mount.tsx`, which the entry imports,
 * and its static imports; and, by pathname, the chunks of the pages a cold visit must not wait
 * for (`routes`). The page's inline script preloads them at once wherever the landing hero is
 * not painted first, so they download beside the entry instead of after it has run, and the
 * watch page's chunks beside the app's instead of after the router matched it.
 */
const listAppChunks = (
  app = 'src/app/mount.tsx',
  // The watch page plays in Auto by default: hls.js (loaded lazily, it is not in the route's
  // static imports) downloads beside the page's chunks instead of after the player mounted.
  routes: Record<string, string[]> = {
    '/video': ['src/app/routes/video.tsx', 'hls.js/dist/hls.light.mjs'],
  },
): Plugin => ({
  name: 'plateau-app-chunks',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      if (!bundle) return [];
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (module: string) => {
        const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
        if (!root) throw new Error(`listAppChunks: no chunk for ${module}`);
        const files = new Set<string>();
        const collect = (name: string) => {
          if (files.has(name)) return;
          files.add(name);
          byName.get(name)?.imports.forEach(collect);
        };
        collect(root.fileName);
        return files;
      };
      const appFiles = closure(app);
      const list = {
        app: [...appFiles].map((name) => `/${name}`),
        routes: Object.fromEntries(
          Object.entries(routes).map(([pathname, modules]) => [
            pathname,
            [...new Set(modules.flatMap((module) => [...closure(module)]))]
              .filter((name) => !appFiles.has(name))
              .map((name) => `/${name}`),
          ]),
        ),
      };
      return [
        {
          tag: 'script',
          attrs: { type: 'application/json', id: 'app-chunks' },
          children: JSON.stringify(list),
          injectTo: 'head' as const,
        },
      ];
    },
  },
});

// `npm run dev` runs the server on PORT (default 8080) and sends /api there.
const apiPort = process.env.PORT || '8080';

export default defineConfig({
  plugins: [react(), precompress(), listAppChunks()],
  // dist/.vite/manifest.json maps every chunk to its imports: `npm run bench:web` reads it to
  // size what each route loads (the server does not serve dot folders).
  build: { manifest: true },
  server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
});
