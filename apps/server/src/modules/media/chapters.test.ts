import { beforeAll, describe, expect, it } from 'vitest';
import { chaptersFromDescription, fieldLimits } from '@plateau/contract';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { insertVideo } from './media.test-helpers.ts';
import { emptyTitle, sameStart } from './chapters.service.ts';

/**
 * Chapters: a member names the acts of a video; whoever may watch it reads them, as JSON and as
 * a WebVTT chapters track; bad lists change nothing.
 */
const ctx = useTestApp();
const users: Record<'user' | 'member', TestUser> = {} as never;
let open = 0;
let restricted = 0;

beforeAll(async () => {
  users.user = await ctx.createUser('user');
  users.member = await ctx.createUser('plateau');
  open = await insertVideo(ctx, { privacy: 0, processing: 3, rungs: [240] });
  restricted = await insertVideo(ctx, { privacy: 2, gpaRestricted: true, processing: 3 });
});

type Who = 'visitor' | keyof typeof users;
const auth = (who: Who) => (who === 'visitor' ? {} : users[who].auth);
const put = (who: Who, id: number, chapters: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/videos/${id}/chapters`,
    headers: auth(who),
    payload: { chapters },
  });
const list = (who: Who, id: number) =>
  ctx.app.inject({ url: `/api/videos/${id}/chapters`, headers: auth(who) });
const acts = [
  { start: 754.5, title: 'Acte II' },
  { start: 0, title: 'Accueil' },
  { start: 95.25, title: 'Acte I <script>' },
];

describe('the chapters of a video', () => {
  it('are set by a member, in order, and read by anyone who may watch it', async () => {
    const saved = await put('member', open, acts);
    expect(saved.statusCode, saved.body).toBe(200);
    const inOrder = [
      { start: 0, title: 'Accueil' },
      { start: 95.25, title: 'Acte I <script>' },
      { start: 754.5, title: 'Acte II' },
    ];
    expect(saved.json()).toEqual({ chapters: inOrder });
    expect((await list('visitor', open)).json()).toEqual({ chapters: inOrder });

    const track = await ctx.app.inject({ url: `/api/media/chapters/${open}.vtt` });
    expect(track.statusCode).toBe(200);
    expect(track.headers['content-type']).toBe('text/vtt; charset=utf-8');
    // The last act runs to the end (unknown here: the video has no rendition stored).
    expect(track.body).toBe(
      'WEBVTT\n\n' +
        '00:00:00.000 --> 00:01:35.250\nAccueil\n\n' +
        '00:01:35.250 --> 00:12:34.500\nActe I &lt;script&gt;\n\n' +
        '00:12:34.500 --> 48:00:00.000\nActe II\n',
    );
  });

  it('are replaced whole, and emptied by an empty list', async () => {
    await put('member', open, acts);
    expect((await put('member', open, [{ start: 12, title: ' Seul ' }])).json()).toEqual({
      chapters: [{ start: 12, title: 'Seul' }],
    });
    expect((await put('member', open, [])).json()).toEqual({ chapters: [] });
    expect((await ctx.app.inject({ url: `/api/media/chapters/${open}.vtt` })).body).toBe(
      'WEBVTT\n\n',
    );
  });

  it('follow the video’s access rule and the members’ right to edit', async () => {
    await put('member', restricted, acts);
    expect((await list('visitor', restricted)).statusCode).toBe(401);
    expect((await list('user', restricted)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ url: `/api/media/chapters/${restricted}.vtt` })).statusCode,
    ).toBe(401);
    expect((await put('user', open, acts)).statusCode).toBe(403);
    expect((await put('visitor', open, acts)).statusCode).toBe(401);
    expect((await put('member', 999_999, acts)).statusCode).toBe(404);
  });

  it('refuses a bad list in French and keeps the chapters as they were', async () => {
    const kept = [{ start: 5, title: 'Ouverture' }];
    await put('member', open, kept);
    const refusals: [unknown, number, string | null][] = [
      [
        [
          { start: 10, title: 'Un' },
          { start: 10.0001, title: 'Deux' },
        ],
        400,
        sameStart,
      ],
      [[{ start: 10, title: '   ' }], 400, emptyTitle],
      [[{ start: -1, title: 'Avant' }], 400, null],
      [[{ start: 1, title: 'x'.repeat(fieldLimits.chapterTitle + 1) }], 400, null],
      [
        Array.from({ length: fieldLimits.videoChapters + 1 }, (_, i) => ({ start: i, title: 'A' })),
        400,
        null,
      ],
    ];
    for (const [chapters, status, message] of refusals) {
      const answer = await put('member', open, chapters);
      expect(answer.statusCode).toBe(status);
      if (message !== null) expect(answer.json().message).toBe(message);
      else expect(answer.json().message).toMatch(/\S/);
    }
    expect((await list('member', open)).json()).toEqual({ chapters: kept });
  });
});

describe('chaptersFromDescription', () => {
  it("reads YouTube's lines, first at 0:00, in order", () => {
    expect(
      chaptersFromDescription(
        'Le gala 2026 !\n0:00 Accueil\n2:05 - Acte I\n12:34 Acte II\n1:02:03 Remerciements\nMerci à tous',
      ),
    ).toEqual([
      { start: 0, title: 'Accueil' },
      { start: 125, title: 'Acte I' },
      { start: 754, title: 'Acte II' },
      { start: 3723, title: 'Remerciements' },
    ]);
  });

  it('finds none without three lines starting at 0:00', () => {
    expect(chaptersFromDescription('1:00 Acte I\n2:00 Acte II\n3:00 Acte III')).toBeNull();
    expect(chaptersFromDescription('0:00 Accueil\n2:00 Fin')).toBeNull();
    expect(chaptersFromDescription('Rendez-vous à 20:30 devant la salle')).toBeNull();
  });
});
