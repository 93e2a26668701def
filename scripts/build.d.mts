/** What TypeScript code (the tests' setup) uses of scripts/build.mjs. */
export const serverEntries: Record<
  'server' | 'worker' | 'user' | 'demo' | 'backup' | 'restore' | 'media',
  string
>;
export const buildServer: (options?: { outdir?: string }) => Promise<void>;
