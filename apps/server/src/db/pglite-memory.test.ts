import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/harness.ts';
import { testTmpDir } from '../test/test-env.ts';
import { openPglite } from './client.ts';

mkdirSync(testTmpDir, { recursive: true });
const dataDir = mkdtempSync(path.join(testTmpDir, 'pglite-memory-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The embedded database only: nothing here depends on the test database.
describe.skipIf(testDatabaseKind !== 'pglite')('PGLITE_SHARED_BUFFERS', () => {
  it("sets the embedded PostgreSQL's buffer pool, which keeps its default without it", async () => {
    const small = await openPglite(dataDir, 16);
    const shown = await small.query<{ shared_buffers: string }>('show shared_buffers');
    await small.close();
    expect(shown.rows).toEqual([{ shared_buffers: '16MB' }]);

    const usual = await openPglite(dataDir);
    const usualShown = await usual.query<{ shared_buffers: string }>('show shared_buffers');
    await usual.close();
    expect(usualShown.rows).toEqual([{ shared_buffers: '128MB' }]);
  });
});
