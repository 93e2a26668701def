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
 * `<link rel="modulepreload">` in index.html for the landing page's route chunk and its static
 * imports: they download with the entry instead of after it has run and matched `/`, one
 * round trip less before the hero (bench/README.md "Web"). Other pages share most of them.
 */
const preloadLanding = (route = 'src/app/routes/home.tsx'): Plugin => ({
  name: 'plateau-preload-landing',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      if (!bundle) return [];
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(route));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!landing || !entry) throw new Error(`preloadLanding: no chunk for ${route}`);
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // What the entry already imports statically is preloaded by Vite itself.
      const loaded = new Set([entry.fileName]);
      const collect = (name: string) => {
        if (loaded.has(name)) return;
        loaded.add(name);
        byName.get(name)?.imports.forEach(collect);
      };
      entry.imports.forEach(collect);
      const skip = new Set(loaded);
      collect(landing.fileName);
      return [...loaded]
        .filter((name) => !skip.has(name))
        .map((name) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${name}` },
          injectTo: 'head' as const,
        }));
    },
  },
});

// `npm run dev` runs the server on PORT (default 8080) and sends /api there.
const apiPort = process.env.PORT || '8080';

export default defineConfig({
  plugins: [react(), precompress(), preloadLanding()],
  // dist/.vite/manifest.json maps every chunk to its imports: `npm run bench:web` reads it to
  // size what each route loads (the server does not serve dot folders).
  build: { manifest: true },
  server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
});
