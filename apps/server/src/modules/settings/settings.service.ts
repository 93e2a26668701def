import type { CurrentDirectBody } from '@plateau/contract';
import { requireGeek } from '../../access/guards.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import * as repository from './settings.repository.ts';
import type { SettingsRow } from './settings.repository.ts';

/** Migration 0002 creates the row; its absence is a broken database, not the caller's fault. */
const present = (row: SettingsRow | undefined): SettingsRow => {
  if (!row) throw new HttpError(500, 'Réglages absents de la base de données');
  return row;
};

export const createSettingsService = (db: Database) => ({
  async homeDisplay(): Promise<{ homeDisplay: number }> {
    return { homeDisplay: present(await repository.readSettings(db)).homeDisplay };
  },

  async setHomeDisplay(viewer: Viewer, n: number): Promise<{ homeDisplay: number }> {
    requireGeek(viewer);
    return { homeDisplay: present(await repository.writeHomeDisplay(db, n)).homeDisplay };
  },

  async gpaPromo(): Promise<{ gpaPromo: number }> {
    return { gpaPromo: present(await repository.readSettings(db)).gpaPromo };
  },

  async setGpaPromo(viewer: Viewer, n: number): Promise<{ gpaPromo: number }> {
    requireGeek(viewer);
    return { gpaPromo: present(await repository.writeGpaPromo(db, n)).gpaPromo };
  },

  /** -1 clears the current direct; an unknown direct is a 404 and changes nothing. */
  async setCurrentDirect(viewer: Viewer, id: number): Promise<CurrentDirectBody> {
    requireGeek(viewer);
    const row = await repository.writeCurrentDirect(db, id === -1 ? null : id);
    if (!row && id !== -1) throw notFound('Direct introuvable');
    const settings = present(row);
    return { currentDirect: settings.currentDirectId ?? -1, homeDisplay: settings.homeDisplay };
  },
});
