import type { Tag } from '@plateau/contract';
import { requireGeek } from '../../access/guards.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import * as repository from './tags.repository.ts';

const tagNotFound = () => notFound('Tag introuvable');
const nameTaken = (name: string) => conflict(`Le tag « ${name} » existe déjà`);

export const createTagsService = (db: Database) => ({
  list: (): Promise<Tag[]> => repository.listTags(db),

  async get(id: number): Promise<Tag> {
    const tag = await repository.findTag(db, id);
    if (!tag) throw tagNotFound();
    return tag;
  },

  async create(viewer: Viewer, name: string): Promise<Tag> {
    requireGeek(viewer);
    const tag = await repository.insertTag(db, name.trim());
    if (!tag) throw nameTaken(name.trim());
    return tag;
  },

  async rename(viewer: Viewer, id: number, name: string): Promise<Tag> {
    requireGeek(viewer);
    const tag = await repository.renameTag(db, id, name.trim()).catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken(name.trim()) : error;
    });
    if (!tag) throw tagNotFound();
    return tag;
  },

  async remove(viewer: Viewer, id: number): Promise<void> {
    requireGeek(viewer);
    if (!(await repository.deleteTag(db, id))) throw tagNotFound();
  },
});
