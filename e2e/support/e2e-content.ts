import type {
  DemoClip,
  DemoContent,
  DemoPicture,
  DemoVideo,
} from '../../apps/server/src/cli/demo/demo-content.ts';

/**
 * What the browser tests browse, created through the API by seedDemo and encoded for real.
 * Everything a scenario looks for is named here, so the tests read the same words a person
 * would see on screen.
 */

/** Two tags carried together by the archive, each also alone elsewhere. */
export const TAGS = { soiree: 'Soirée', gala: 'Gala', sport: 'Sport', concert: 'Concert' };

/**
 * Archive videos: public, tagged Soirée + Gala. With 'Gala — Ouverture' that is 49 videos
 * carrying both tags for a signed-in user: two pages of 48, filtered or not.
 */
export const ARCHIVE_COUNT = 48;

/** The newest videos are the non-public ones: were they shown to a visitor, they would lead. */
export const TITLES = {
  basket: 'Le match de basket',
  interview: 'Interview du bureau',
  coulisses: 'Coulisses du plateau',
  concert: 'Concert de rentrée',
  ouverture: 'Gala — Ouverture',
};

export const DIRECT_TITLES = {
  ancien: 'Tournoi de basket 2025',
  passe: 'Gala de printemps',
  enCours: 'Nuit des associations',
  aVenir: 'Concert de fin d’année',
};

export const PLAYLIST_TITLES = {
  featured: 'Les meilleurs moments',
  sport: 'Sélection sport',
};

/** Shared by many videos: each encode is real, but only six clips are generated. */
const CLIP_PICTURES: DemoPicture[] = [
  { source: 'testsrc2' },
  { source: 'smptebars' },
  { source: 'mandelbrot' },
  { source: 'rgbtestsrc' },
  { source: 'smptehdbars' },
  { source: 'life' },
];

/** The smallest clip the encoder takes seriously: 1 s of 256x144, no sound (240p rung only). */
const tinyClip = (index: number): DemoClip => ({
  picture: CLIP_PICTURES[index % CLIP_PICTURES.length]!,
  width: 256,
  height: 144,
  seconds: 1,
  tone: null,
});

/** Which of the shared clips a video uses: one file per picture, whatever the number of videos. */
export const clipIndexOf = (video: DemoVideo) =>
  CLIP_PICTURES.findIndex((picture) => picture === video.clip.picture);
export const sharedClips = CLIP_PICTURES.map((_, index) => tinyClip(index));

const ARCHIVE_EVENTS = ['Soirée de gala', 'Bal de promo', 'Nuit du gala', 'Dîner de gala'];

const archive: DemoVideo[] = Array.from({ length: ARCHIVE_COUNT }, (_, i) => ({
  key: `archive-${i + 1}`,
  title: `${ARCHIVE_EVENTS[i % ARCHIVE_EVENTS.length]} — extrait ${String(i + 1).padStart(2, '0')}`,
  description: 'Un extrait des archives de l’association.',
  day: -10 - i,
  privacy: 0,
  promotion: 2020 + (i % 6),
  tags: [TAGS.soiree, TAGS.gala],
  // The first ones belong to the past direct: its page lists them.
  ...(i < 3 && { direct: 'passe' }),
  author: 'geek',
  clip: tinyClip(i),
  views: 0,
}));

export const e2eContent: DemoContent = {
  tags: Object.values(TAGS),
  accounts: [
    { key: 'spectateur', username: 'spectateur', role: 'user', gdaAccess: false },
    { key: 'membre', username: 'membre', role: 'plateau', gdaAccess: true },
  ],
  directs: [
    {
      key: 'ancien',
      title: DIRECT_TITLES.ancien,
      description: 'La finale du tournoi inter-écoles.',
      day: -300,
      hour: 14,
      privacy: 0,
      promotion: 2025,
      poster: { source: 'smptehdbars' },
    },
    {
      key: 'passe',
      title: DIRECT_TITLES.passe,
      description: 'Le grand gala annuel, en direct de l’amphithéâtre.',
      day: -20,
      hour: 19,
      privacy: 0,
      promotion: 2026,
      poster: { source: 'mandelbrot' },
    },
    {
      key: 'en-cours',
      title: DIRECT_TITLES.enCours,
      description: 'Toutes les associations de l’école présentent leur année.',
      day: 0,
      privacy: 1,
      promotion: 2026,
      liveUrl: 'https://live.example.org/associations',
      poster: { source: 'rgbtestsrc' },
    },
    {
      key: 'a-venir',
      title: DIRECT_TITLES.aVenir,
      description: 'Le concert de fin d’année, dans la cour.',
      day: 14,
      hour: 20,
      privacy: 0,
      promotion: 2026,
    },
  ],
  currentDirect: 'en-cours',
  videos: [
    {
      key: 'basket',
      title: TITLES.basket,
      description: 'La finale, commentée par l’équipe.',
      day: -1,
      privacy: 1,
      promotion: 2025,
      tags: [TAGS.sport],
      author: 'membre',
      clip: tinyClip(1),
      views: 2,
    },
    {
      key: 'interview',
      title: TITLES.interview,
      description: 'Le bureau présente l’année.',
      day: -2,
      privacy: 1,
      promotion: 2026,
      tags: [TAGS.gala],
      direct: 'en-cours',
      author: 'membre',
      clip: tinyClip(2),
      views: 0,
    },
    {
      key: 'coulisses',
      title: TITLES.coulisses,
      description: 'Réservé aux membres.',
      day: -3,
      privacy: 2,
      promotion: 2026,
      tags: [TAGS.soiree, TAGS.gala],
      author: 'membre',
      clip: tinyClip(3),
      views: 0,
    },
    {
      key: 'concert',
      title: TITLES.concert,
      description: 'Le concert d’ouverture de l’année.',
      day: -4,
      privacy: 0,
      promotion: 2026,
      tags: [TAGS.soiree, TAGS.concert],
      author: 'geek',
      clip: tinyClip(4),
      views: 1,
    },
    {
      key: 'ouverture',
      title: TITLES.ouverture,
      description: 'Le discours d’ouverture du gala.',
      day: -5,
      privacy: 0,
      promotion: 2026,
      tags: [TAGS.soiree, TAGS.gala],
      direct: 'passe',
      author: 'geek',
      clip: tinyClip(5),
      views: 3,
    },
    ...archive,
  ],
  playlists: [
    {
      key: 'featured',
      title: PLAYLIST_TITLES.featured,
      description: 'Choisis par l’équipe.',
      author: 'membre',
      // A member may not feature a playlist: the geek features it after seeding.
      featured: false,
      videos: ['ouverture', 'concert', 'archive-1'],
    },
    {
      key: 'sport',
      title: PLAYLIST_TITLES.sport,
      description: 'Le sport à l’école.',
      author: 'membre',
      featured: false,
      videos: ['basket', 'archive-2'],
    },
  ],
  likes: { spectateur: [] },
  history: {},
  trending: ['ouverture', 'concert', 'basket', 'archive-1', 'archive-2'],
};
