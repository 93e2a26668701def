import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaThroughServer, startControlSocket } from '../backup/control-socket.ts';
import { testTmpDir } from '../test/test-env.ts';

describe('npm run media on the embedded database while the server runs', () => {
  it("asks the server through DATA_DIR's control socket, and knows when none listens", async () => {
    const dataDir = await mkdtemp(path.join(testTmpDir, 'media-socket-'));
    try {
      expect(await mediaThroughServer(dataDir, 'status')).toBeNull();
      const status = { upgraded: 2, left: 1, running: false, waiting: false, lastError: null };
      const stop = await startControlSocket(dataDir, {
        backup: async () => '',
        media: { status: async () => status, upgrade: async () => true },
      });
      try {
        expect(await mediaThroughServer(dataDir, 'status')).toEqual(status);
        expect(await mediaThroughServer(dataDir, 'upgrade')).toBe(true);
      } finally {
        await stop();
      }
      expect(await mediaThroughServer(dataDir, 'status')).toBeNull();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
