import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createDemoClient } from '../../apps/server/src/cli/demo/demo-client.ts';
import type { DemoContent } from '../../apps/server/src/cli/demo/demo-content.ts';
import { generateDemoMedia } from '../../apps/server/src/cli/demo/demo-media.ts';
import { seedDemo } from '../../apps/server/src/cli/demo/demo-seed.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openTestDatabase } from '../../apps/server/src/test/harness.ts';
import { startTestProvider, type TestProvider } from '../../apps/server/src/test/oidc-provider.ts';
import { testTmpDir } from '../../apps/server/src/test/test-env.ts';
import { servePlateau, type ServedPlateau } from './serve-plateau.ts';

/** One video for signed-in users only (CS, privacy 1): a visitor is sent to /login from it. */
const content: DemoContent = {
  tags: [],
  accounts: [],
  directs: [],
  videos: [
    {
      key: 'cs',
      title: 'Soirée des assos',
      description: 'Réservée aux élèves.',
      day: -1,
      privacy: 1,
      promotion: 2026,
      tags: [],
      author: 'geek',
      clip: { picture: { source: 'testsrc2' }, width: 426, height: 240, seconds: 1, tone: 440 },
      views: 0,
    },
  ],
  playlists: [],
  likes: {},
  history: {},
  trending: [],
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export interface SsoPlateau {
  /** Plateau's address: `localhost`, another site than the provider's 127.0.0.1. */
  baseUrl: string;
  provider: TestProvider;
  /** The geek, who signs in with a password. */
  geek: { username: string; password: string };
  videoId: number;
  close(): Promise<void>;
}

/**
 * A Plateau of its own pointed at the school's provider (oidc-provider on 127.0.0.1) with the
 * four settings of the README, holding one encoded CS video. The run's shared Plateau has no
 * single sign-on.
 */
export const startSsoPlateau = async (): Promise<SsoPlateau> => {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const clientSecret = randomBytes(16).toString('hex');
  const provider = await startTestProvider([
    { clientId: 'plateau', clientSecret, redirectUri: `${baseUrl}/auth/callback` },
  ]);
  const dataDir = mkdtempSync(path.join(testTmpDir, 'e2e-sso-'));
  const geek = { username: 'sso-geek', password: randomBytes(12).toString('base64url') };
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    // No live here: the shared Plateau of the run has the ingest.
    RTMP_PORT: '0',
    ADMIN_USERNAME: geek.username,
    ADMIN_PASSWORD: geek.password,
    PUBLIC_URL: baseUrl,
    SSO_ISSUER: provider.issuer,
    SSO_CLIENT_ID: 'plateau',
    SSO_CLIENT_SECRET: clientSecret,
  });
  let served: ServedPlateau | undefined;
  const close = async () => {
    await served?.close();
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    served = await servePlateau({ config, database: await openTestDatabase(), port });
    const { binaries } = served;
    const clips = path.join(dataDir, 'clips');
    mkdirSync(clips);
    const media = await generateDemoMedia(content, clips, binaries.ffmpeg);
    const seeded = await seedDemo(createDemoClient(`http://127.0.0.1:${port}`), {
      content,
      media,
      geek,
      encodeTimeoutMs: 3 * 60_000,
    });
    return { baseUrl, provider, geek, videoId: seeded.videoIds.get('cs')!, close };
  } catch (error) {
    await close();
    throw error;
  }
};
