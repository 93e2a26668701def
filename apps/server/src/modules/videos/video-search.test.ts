import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { videos } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import {
  insideCondition,
  prefixTsquery,
  searchStages,
  searchWords,
  similarCondition,
  trigramText,
} from './video-search.repository.ts';
import { fetchVideoList, seedTag, seedVideo } from './video-fixtures.test-helpers.ts';

const ctx = useTestApp();

const search = (term: string, auth: Record<string, string> = {}, extra = '') =>
  fetchVideoList(ctx, `/api/videos/search/${encodeURIComponent(term)}${extra}`, auth);

describe('search words', () => {
  it('keeps letters and digits only, so no tsquery operator gets through', () => {
    expect(searchWords("  l'Été & (chevaux) | !x:* <-> 2024 ")).toEqual([
      'l',
      'Été',
      'chevaux',
      'x',
      '2024',
    ]);
    expect(prefixTsquery(['cheval', 'blanc', 'dt'])).toBe('cheval:* & blanc:* & dt');
    expect(searchWords('   ')).toEqual([]);
  });
});

describe('video search', () => {
  it('finds stems, accents, case, prefixes and tag names; published visible only', async () => {
    const db = ctx.database.db;
    const equitation = await seedTag(db, 'Équitation');
    const horse = await seedVideo(db, { title: 'Le cheval blanc', description: 'Course du soir' });
    const horses = await seedVideo(db, { title: 'Des CHEVAUX au galop' });
    const party = await seedVideo(db, { title: 'Soirée été', description: 'Fête de fin d’année' });
    const tagged = await seedVideo(db, { title: 'Compétition', tagIds: [equitation] });
    await seedVideo(db, { title: 'Cheval caché', privacy: 1 });
    await seedVideo(db, { title: 'Cheval en attente', processing: 1 });

    expect(new Set((await search('chevaux')).ids)).toEqual(new Set([horse, horses]));
    expect(new Set((await search('Cheval')).ids)).toEqual(new Set([horse, horses]));
    expect(new Set((await search('chev')).ids)).toEqual(new Set([horse, horses]));
    expect((await search('ETE')).ids).toEqual([party]);
    expect((await search('soiree')).ids).toEqual([party]);
    expect((await search('equitation')).ids).toEqual([tagged]);
    expect((await search('équi')).ids).toEqual([tagged]);
    expect((await search('cheval blanc')).ids).toEqual([horse]);
    // Hidden from visitors, found by a signed-in user.
    const user = await ctx.createUser('user');
    expect((await search('caché', user.auth)).nResults).toBe(1);
    expect((await search('caché')).nResults).toBe(0);
  });

  it('puts the best match first', async () => {
    const db = ctx.database.db;
    const weak = await seedVideo(db, {
      title: 'Reportage',
      description: 'Une longue soirée où il fut question, entre autres, de trombone',
    });
    const strong = await seedVideo(db, { title: 'Trombone', description: 'Trombone et trombone' });
    expect((await search('trombone')).ids).toEqual([strong, weak]);
  });

  it('tolerates a missing letter and finds the inside of a word through trigrams', async () => {
    const db = ctx.database.db;
    const id = await seedVideo(db, { title: 'Championnat de xylophone' });
    expect((await search('xylophne')).ids).toEqual([id]);
    expect((await search('ylophone')).ids).toEqual([id]);
  });

  it('follows tag renames and new tag links', async () => {
    const db = ctx.database.db;
    const geek = await ctx.createUser('geek');
    const tag = await seedTag(db, 'Zoulou');
    const id = await seedVideo(db, { title: 'Sans rapport', privacy: 0 });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/videos/${id}`,
      headers: geek.auth,
      payload: { title: 'Sans rapport', tagIds: [tag] },
    });
    expect((await search('zoulou')).ids).toEqual([id]);
  });

  it('answers nothing for whitespace or punctuation, and pages with tag_filter', async () => {
    const db = ctx.database.db;
    expect(await search('   ')).toEqual({ ids: [], nResults: 0 });
    expect(await search('&|!:*')).toEqual({ ids: [], nResults: 0 });
    const tag = await seedTag(db);
    const a = await seedVideo(db, { title: 'Kayak polo', tagIds: [tag] });
    await seedVideo(db, { title: 'Kayak descente' });
    expect(await search('kayak', {}, `?tag_filter=${tag}`)).toEqual({ ids: [a], nResults: 1 });
    const paged = await search('kayak', {}, '?page_size=1&page=2');
    expect(paged.ids).toHaveLength(1);
    expect(paged.nResults).toBe(2);
  });
});

describe('search plans', () => {
  const explain = async (condition: SQL) => {
    const query = ctx.database.db.select({ id: videos.id }).from(videos).where(condition);
    const plan = await ctx.database.db.transaction(async (tx) => {
      // Tiny test tables favour reading everything: make that a last resort.
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain ${query}`);
    });
    return JSON.stringify(plan);
  };

  it('reads the full-text and trigram indexes, never every video', async () => {
    const words = searchWords('chevaux xylophone');
    const user = { userId: 1, role: 'user' as const, username: 'u', gdaAccess: false };
    const [fullText] = searchStages(user, words);
    const haystack = trigramText('videos');
    const plans = [
      await explain(fullText!.match),
      await explain(insideCondition(words)!(haystack)),
      await explain(similarCondition(words)!(haystack)),
    ];
    expect(plans[0]).toContain('videos_search_idx');
    expect(plans[1]).toContain('videos_search_trgm_idx');
    expect(plans[2]).toContain('videos_search_trgm_idx');
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
  });
});
