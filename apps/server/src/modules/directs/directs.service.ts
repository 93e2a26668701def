import type { Direct, DirectBody, DirectList } from '@plateau/contract';
import { requireGeek } from '../../access/guards.ts';
import type { Viewer } from '../../access/viewer.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import { logChatAction, signalChat } from '../../db/chat-signal.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { withoutControls } from '../../lib/search-words.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import { directValues } from './direct-input.ts';
import * as repository from './directs.repository.ts';

export interface DirectPaging {
  page: number;
  pageSize: number;
}

const directNotFound = () => notFound(notFoundMessage.direct);
const noLive = () => notFound("Il n'y a pas de DT en cours...");

const one = (direct: Direct | undefined): DirectList =>
  direct ? { directs: [direct], nResults: 1 } : { directs: [], nResults: 0 };

export const createDirectsService = (db: Database, storage: MediaStorage) => {
  const getVisible = async (viewer: Viewer, id: number): Promise<Direct> => {
    const found = await repository.findDirect(db, viewer, id);
    return requireVisible(found, viewer, notFoundMessage.direct).direct;
  };

  const neighbour = async (viewer: Viewer, id: number, direction: 'next' | 'previous') => {
    await getVisible(viewer, id);
    return one(await repository.findNeighbour(db, viewer, id, direction));
  };

  return {
    latest: (viewer: Viewer, paging: DirectPaging) =>
      repository.listLatest(db, { viewer, ...paging }),

    upcoming: (viewer: Viewer, paging: DirectPaging) =>
      repository.listUpcoming(db, { viewer, ...paging }),

    async search(viewer: Viewer, typed: string, paging: DirectPaging): Promise<DirectList> {
      const term = withoutControls(typed);
      if (term.trim() === '') return { directs: [], nResults: 0 };
      return repository.searchDirects(db, { viewer, ...paging }, term);
    },

    /** Single fetches answer the list shape, as the client reads `directs[0]`. */
    get: async (viewer: Viewer, id: number) => one(await getVisible(viewer, id)),

    next: (viewer: Viewer, id: number) => neighbour(viewer, id, 'next'),
    previous: (viewer: Viewer, id: number) => neighbour(viewer, id, 'previous'),

    async current(viewer: Viewer): Promise<DirectList> {
      const found = await repository.findCurrentDirect(db, viewer);
      // No current direct is an empty answer, not a 404.
      return one(found && requireVisible(found, viewer, notFoundMessage.direct).direct);
    },

    async currentLive(viewer: Viewer): Promise<{ url: string }> {
      const found = await repository.findCurrentDirect(db, viewer);
      if (!found) throw noLive();
      const { direct } = requireVisible(found, viewer, notFoundMessage.direct);
      if (direct.liveUrl === '') throw noLive();
      return { url: direct.liveUrl };
    },

    create(viewer: Viewer, body: DirectBody): Promise<Direct> {
      requireGeek(viewer);
      return repository.insertDirect(db, directValues(body));
    },

    update(viewer: Viewer, id: number, body: DirectBody): Promise<Direct> {
      const geek = requireGeek(viewer);
      return db.transaction(async (tx) => {
        const current = await repository.lockDirect(tx, id);
        if (!current) throw directNotFound();
        // The row is locked: it cannot disappear before the update.
        const updated = (await repository.updateDirect(tx, id, directValues(body, current)))!;
        if (updated.chat !== current.chat) {
          await logChatAction(tx, id, geek, updated.chat ? 'enable' : 'disable');
          await signalChat(tx, { directId: id, kind: 'state' });
        }
        return updated;
      });
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      requireGeek(viewer);
      // Its recording would lose its direct and its REDIFF: the live ends first.
      if (await repository.hasOpenLive(db, id)) {
        throw conflict('Terminez le direct avant de supprimer ce DT');
      }
      if (!(await repository.deleteDirect(db, id))) throw directNotFound();
      await storage.remove(mediaKeys.poster(id));
    },
  };
};
