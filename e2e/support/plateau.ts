import { inject } from 'vitest';

/** The Plateau of this run (see plateau-setup.ts): its address and what seeding created. */
export interface E2ePlateau {
  baseUrl: string;
  /** The embedded RTMP ingest's port on 127.0.0.1 (Plateau Live). */
  rtmpPort: number;
  /** By username: spectateur (user), membre (plateau, GDA), e2e-geek (geek). */
  accounts: Record<string, { username: string; password: string }>;
  /** By the content's keys (e2e-content.ts). */
  videoIds: Record<string, number>;
  directIds: Record<string, number>;
  playlistCodes: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    plateau: E2ePlateau;
  }
}

export const plateau = (): E2ePlateau => inject('plateau');
