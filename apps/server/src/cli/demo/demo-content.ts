import type { Role } from '@plateau/contract';

/**
 * What `npm run demo` puts into an empty Plateau, as plain data: demo-seed.ts creates it through
 * the API. Dates are offsets from the day of the run (negative: past), so upcoming directs stay
 * upcoming whenever the demo runs. Tests and end-to-end suites pass a smaller content of the
 * same shape.
 */

/** An ffmpeg `lavfi` picture source for a generated clip or image. */
export type DemoPicture =
  | { source: 'testsrc2' | 'smptebars' | 'smptehdbars' | 'rgbtestsrc' | 'mandelbrot' | 'life' }
  | { source: 'color'; color: string };

export interface DemoClip {
  picture: DemoPicture;
  width: number;
  height: number;
  seconds: number;
  /** A sine tone of this frequency (Hz), or no audio track at all. */
  tone: number | null;
}

export interface DemoAccount {
  /** How the rest of the content names this account. */
  key: string;
  username: string;
  role: Exclude<Role, 'geek'>;
  gdaAccess: boolean;
  /** Unset: a random one, printed at the end. */
  password?: string;
}

export interface DemoDirect {
  key: string;
  title: string;
  description: string;
  /** Days from the run's date; negative is past. */
  day: number;
  /** Hour (UTC) of the event; unset: the hour of the run (a direct happening now). */
  hour?: number;
  privacy: number;
  promotion: number;
  liveUrl?: string;
  poster?: DemoPicture;
}

export interface DemoVideo {
  key: string;
  title: string;
  description: string;
  day: number;
  privacy: number;
  promotion: number;
  /** GDA members only (privacy 2); the plateau account, which has GDA access, creates it. */
  gpaRestricted?: boolean;
  tags: string[];
  /** Key of a direct of the content. */
  direct?: string;
  /** Who creates it: 'geek' or the key of a plateau account (who may not choose 0 or 3). */
  author: string;
  clip: DemoClip;
  /** An uploaded thumbnail instead of the one the encoder takes from the frames. */
  thumbnail?: DemoPicture;
  /** Views counted before anyone's history. */
  views: number;
}

export interface DemoPlaylist {
  key: string;
  title: string;
  description: string;
  /** 'geek' or a plateau account's key. */
  author: string;
  /** Featured on the home page (a geek's choice). */
  featured: boolean;
  /** Video keys, in the playlist's order. */
  videos: string[];
  /** Accounts (keys) that keep it in their library. */
  inLibraryOf?: string[];
}

export interface DemoContent {
  tags: string[];
  accounts: DemoAccount[];
  directs: DemoDirect[];
  /** The direct shown as 'DT en cours' on the home page (home display 3). */
  currentDirect?: string;
  gpaPromo?: number;
  videos: DemoVideo[];
  playlists: DemoPlaylist[];
  /** Per account key: video keys liked, and watched (oldest first). */
  likes: Record<string, string[]>;
  history: Record<string, string[]>;
  /** Video keys of trending slots 1 to 5. */
  trending: string[];
}

const FHD = { width: 1920, height: 1080 };
const HD = { width: 1280, height: 720 };
const SD = { width: 854, height: 480 };
const PORTRAIT = { width: 720, height: 1280 };

const testsrc: DemoPicture = { source: 'testsrc2' };
const bars: DemoPicture = { source: 'smptebars' };
const hdBars: DemoPicture = { source: 'smptehdbars' };
const fractal: DemoPicture = { source: 'mandelbrot' };
const life: DemoPicture = { source: 'life' };
const rgb: DemoPicture = { source: 'rgbtestsrc' };
const color = (name: string): DemoPicture => ({ source: 'color', color: name });

export const demoContent: DemoContent = {
  tags: [
    'Soirée',
    'Gala',
    'Sport',
    'Concert',
    'Interview',
    'Théâtre',
    'Conférence',
    'Court-métrage',
    'Reportage',
    'Making-of',
  ],
  accounts: [
    { key: 'spectateur', username: 'spectateur', role: 'user', gdaAccess: false },
    { key: 'membre', username: 'membre', role: 'plateau', gdaAccess: true },
  ],
  directs: [
    {
      key: 'gala-2025',
      title: 'Gala de printemps 2025',
      description:
        'Le grand gala annuel de l’école, en direct depuis l’amphithéâtre principal.\nTenue de soirée conseillée.',
      day: -540,
      hour: 19,
      privacy: 0,
      promotion: 2025,
      poster: fractal,
    },
    {
      key: 'tournoi',
      title: 'Tournoi inter-écoles de basket',
      description: 'Finale du tournoi, commentée par l’équipe de Plateau.',
      day: -300,
      hour: 14,
      privacy: 1,
      promotion: 2026,
      poster: hdBars,
    },
    {
      key: 'conf-ia',
      title: 'Conférence : l’IA et le cinéma',
      description:
        'Une réalisatrice et un chercheur débattent de la place des outils génératifs dans la création.',
      day: -120,
      hour: 18,
      privacy: 1,
      promotion: 2026,
      liveUrl: 'https://www.twitch.tv/plateau',
      poster: life,
    },
    {
      key: 'nuit-courts',
      title: 'Nuit du court-métrage',
      description: 'Projection des courts-métrages de l’année et remise des prix du jury.',
      day: -30,
      hour: 20,
      privacy: 2,
      promotion: 2027,
      poster: testsrc,
    },
    {
      key: 'soiree-rentree',
      title: 'Soirée de rentrée — en direct',
      description:
        'La soirée de rentrée, retransmise en direct pour ceux qui n’ont pas pu venir.\nPlaylist des DJ sur place.',
      day: 0,
      privacy: 0,
      promotion: 2028,
      liveUrl: 'https://www.youtube.com/@plateau/live',
      poster: bars,
    },
    {
      key: 'concert-hiver',
      title: 'Concert d’hiver de la fanfare',
      description: 'La fanfare de l’école fête l’hiver. Rendez-vous au foyer.',
      day: 21,
      hour: 20,
      privacy: 1,
      promotion: 2027,
      liveUrl: 'https://www.twitch.tv/plateau',
      poster: color('darkslateblue'),
    },
    {
      key: 'gala-2027',
      title: 'Gala de printemps 2027',
      description: 'Billetterie ouverte bientôt. Le direct commencera à 19 h.',
      day: 120,
      hour: 19,
      privacy: 0,
      promotion: 2027,
    },
  ],
  currentDirect: 'soiree-rentree',
  gpaPromo: 2027,
  videos: [
    {
      key: 'gala-ouverture',
      title: 'Gala 2025 — Ouverture',
      description: 'Le discours d’ouverture et le premier numéro de la soirée.',
      day: -540,
      privacy: 0,
      promotion: 2025,
      tags: ['Gala', 'Soirée'],
      direct: 'gala-2025',
      author: 'geek',
      clip: { picture: testsrc, ...FHD, seconds: 4, tone: 440 },
      thumbnail: color('goldenrod'),
      views: 42,
    },
    {
      key: 'gala-danse',
      title: 'Gala 2025 — Le ballet des premières années',
      description: 'Trois mois de répétitions pour six minutes de grâce.',
      day: -540,
      privacy: 0,
      promotion: 2025,
      tags: ['Gala'],
      direct: 'gala-2025',
      author: 'geek',
      clip: { picture: bars, ...HD, seconds: 5, tone: 523 },
      views: 31,
    },
    {
      key: 'gala-coulisses',
      title: 'Dans les coulisses du gala',
      description:
        'Montage, réglages lumière et derniers essais son : une journée avec l’équipe technique.',
      day: -538,
      privacy: 1,
      promotion: 2025,
      tags: ['Gala', 'Making-of'],
      direct: 'gala-2025',
      author: 'membre',
      clip: { picture: fractal, ...SD, seconds: 4, tone: null },
      views: 12,
    },
    {
      key: 'interview-bde',
      title: 'Interview du nouveau bureau des élèves',
      description: 'Projets, budget et soirées : le BDE répond à toutes nos questions.',
      day: -500,
      privacy: 1,
      promotion: 2026,
      tags: ['Interview'],
      author: 'membre',
      clip: { picture: color('teal'), ...HD, seconds: 3, tone: 330 },
      views: 18,
    },
    {
      key: 'theatre-moliere',
      title: 'Le Malade imaginaire — troupe de l’école',
      description: 'La troupe revisite Molière.\n\nActe I, scène 1, captée en plan large.',
      day: -460,
      privacy: 0,
      promotion: 2025,
      tags: ['Théâtre'],
      author: 'geek',
      clip: { picture: hdBars, ...FHD, seconds: 3, tone: 392 },
      thumbnail: color('darkred'),
      views: 27,
    },
    {
      key: 'reportage-forum',
      title: 'Reportage : le forum des entreprises',
      description: 'Deux cents entreprises et autant de stands : notre reportage au cœur du forum.',
      day: -420,
      privacy: 1,
      promotion: 2026,
      tags: ['Reportage'],
      author: 'membre',
      clip: { picture: testsrc, ...HD, seconds: 4, tone: 294 },
      views: 9,
    },
    {
      key: 'tournoi-finale',
      title: 'Tournoi de basket — la finale',
      description: 'Le match complet de la finale du tournoi inter-écoles.',
      day: -300,
      privacy: 1,
      promotion: 2026,
      tags: ['Sport'],
      direct: 'tournoi',
      author: 'membre',
      clip: { picture: bars, ...HD, seconds: 6, tone: 440 },
      views: 55,
    },
    {
      key: 'tournoi-resume',
      title: 'Tournoi de basket — le résumé',
      description: 'Les meilleurs paniers du tournoi en trois minutes.',
      day: -299,
      privacy: 0,
      promotion: 2026,
      tags: ['Sport', 'Reportage'],
      direct: 'tournoi',
      author: 'geek',
      clip: { picture: testsrc, ...SD, seconds: 3, tone: 587 },
      thumbnail: color('orange'),
      views: 73,
    },
    {
      key: 'portrait-capitaine',
      title: 'Portrait de la capitaine',
      description: 'Filmé au téléphone, en vertical, entre deux entraînements.',
      day: -290,
      privacy: 1,
      promotion: 2026,
      tags: ['Sport', 'Interview'],
      author: 'membre',
      clip: { picture: testsrc, ...PORTRAIT, seconds: 4, tone: 349 },
      views: 14,
    },
    {
      key: 'concert-jazz',
      title: 'Concert du club jazz',
      description: 'Standards et compositions originales au foyer, un jeudi soir.',
      day: -250,
      privacy: 0,
      promotion: 2026,
      tags: ['Concert', 'Soirée'],
      author: 'geek',
      clip: { picture: life, ...SD, seconds: 5, tone: 220 },
      views: 38,
    },
    {
      key: 'court-metrage-pluie',
      title: 'Court-métrage : « Après la pluie »',
      description:
        'Prix du public de la Nuit du court-métrage.\nRéalisation, image et montage par des élèves de deuxième année.',
      day: -220,
      privacy: 1,
      promotion: 2027,
      tags: ['Court-métrage'],
      author: 'membre',
      clip: { picture: fractal, ...SD, seconds: 6, tone: 262 },
      thumbnail: fractal,
      views: 61,
    },
    {
      key: 'making-of-pluie',
      title: 'Making-of : « Après la pluie »',
      description: 'Comment faire pleuvoir un jour de grand soleil.',
      day: -215,
      privacy: 2,
      promotion: 2027,
      tags: ['Court-métrage', 'Making-of'],
      author: 'membre',
      clip: { picture: color('slategray'), ...HD, seconds: 3, tone: null },
      views: 7,
    },
    {
      key: 'conf-ia-debat',
      title: 'L’IA et le cinéma — le débat',
      description:
        'L’intégralité du débat.\nLes références citées sont sur notre site : https://plateau.example.org/ressources',
      day: -120,
      privacy: 1,
      promotion: 2026,
      tags: ['Conférence'],
      direct: 'conf-ia',
      author: 'membre',
      clip: { picture: hdBars, ...FHD, seconds: 4, tone: 440 },
      views: 22,
    },
    {
      key: 'conf-ia-questions',
      title: 'L’IA et le cinéma — questions du public',
      description: 'Les questions de la salle et du chat.',
      day: -120,
      privacy: 1,
      promotion: 2026,
      tags: ['Conférence', 'Interview'],
      direct: 'conf-ia',
      author: 'membre',
      clip: { picture: bars, ...SD, seconds: 3, tone: 494 },
      views: 11,
    },
    {
      key: 'reunion-plateau',
      title: 'Réunion d’équipe : bilan du semestre',
      description: 'Pour les membres : matériel, planning et recrutements.',
      day: -90,
      privacy: 2,
      promotion: 2027,
      tags: ['Making-of'],
      author: 'membre',
      clip: { picture: color('darkgreen'), ...SD, seconds: 3, tone: 300 },
      views: 5,
    },
    {
      key: 'gda-repetition',
      title: 'Répétition générale (GDA)',
      description: 'Réservé aux membres du GDA : la répétition générale complète, non montée.',
      day: -75,
      privacy: 2,
      promotion: 2027,
      gpaRestricted: true,
      tags: ['Théâtre', 'Making-of'],
      author: 'membre',
      clip: { picture: testsrc, ...SD, seconds: 3, tone: 415 },
      views: 3,
    },
    {
      key: 'archive-1998',
      title: 'Archive : le premier gala filmé',
      description: 'Numérisé depuis une cassette retrouvée au local. Archivé.',
      day: -700,
      privacy: 3,
      promotion: 1998,
      tags: ['Gala'],
      author: 'geek',
      clip: { picture: color('sienna'), ...SD, seconds: 3, tone: null },
      views: 2,
    },
    {
      key: 'nuit-courts-palmares',
      title: 'Nuit du court-métrage — le palmarès',
      description: 'Les lauréats et les discours du jury.',
      day: -30,
      privacy: 2,
      promotion: 2027,
      tags: ['Court-métrage', 'Soirée'],
      direct: 'nuit-courts',
      author: 'membre',
      clip: { picture: life, ...SD, seconds: 4, tone: 370 },
      views: 9,
    },
    {
      key: 'nuit-courts-bande-annonce',
      title: 'Nuit du court-métrage — bande-annonce',
      description: 'Trente secondes pour donner envie.',
      day: -40,
      privacy: 0,
      promotion: 2027,
      tags: ['Court-métrage'],
      direct: 'nuit-courts',
      author: 'geek',
      clip: { picture: fractal, ...SD, seconds: 3, tone: 440 },
      thumbnail: life,
      views: 48,
    },
    {
      key: 'reportage-asso',
      title: 'Reportage : une journée au local',
      description: 'Caméras, câbles et café : la vie quotidienne de l’association.',
      day: -20,
      privacy: 1,
      promotion: 2027,
      tags: ['Reportage', 'Making-of'],
      author: 'membre',
      clip: { picture: testsrc, ...HD, seconds: 5, tone: 330 },
      views: 16,
    },
    {
      key: 'interview-directrice',
      title: 'Interview de la directrice des études',
      description: 'Nouvelles options, stages à l’étranger et calendrier de l’année.',
      day: -14,
      privacy: 0,
      promotion: 2027,
      tags: ['Interview'],
      author: 'geek',
      clip: { picture: color('navy'), ...HD, seconds: 3, tone: 262 },
      views: 33,
    },
    {
      key: 'soiree-rentree-teaser',
      title: 'Soirée de rentrée — le teaser',
      description: 'Ce soir, c’est la rentrée ! Le direct commence à la tombée de la nuit.',
      day: -3,
      privacy: 0,
      promotion: 2028,
      tags: ['Soirée'],
      direct: 'soiree-rentree',
      author: 'geek',
      clip: { picture: rgb, ...PORTRAIT, seconds: 3, tone: 523 },
      views: 64,
    },
    {
      key: 'concert-rock',
      title: 'Concert rock au foyer',
      description: 'Trois groupes de l’école sur la même scène.\nSon : le club musique.',
      day: -7,
      privacy: 1,
      promotion: 2028,
      tags: ['Concert', 'Soirée'],
      author: 'membre',
      clip: { picture: bars, ...FHD, seconds: 3, tone: 196 },
      views: 25,
    },
    {
      key: 'sport-course',
      title: 'La course des promos',
      description: 'Dix kilomètres autour du campus, toutes promotions confondues.',
      day: -1,
      privacy: 1,
      promotion: 2028,
      tags: ['Sport', 'Reportage'],
      author: 'membre',
      clip: { picture: testsrc, ...SD, seconds: 4, tone: null },
      views: 8,
    },
  ],
  playlists: [
    {
      key: 'best-of',
      title: 'Le meilleur de Plateau',
      description: 'Nos vidéos préférées, choisies par l’équipe.',
      author: 'geek',
      featured: true,
      videos: [
        'court-metrage-pluie',
        'tournoi-resume',
        'gala-ouverture',
        'concert-jazz',
        'interview-directrice',
      ],
    },
    {
      key: 'courts',
      title: 'Tout sur « Après la pluie »',
      description: 'Le film, son making-of et la soirée où il a été primé, dans l’ordre.',
      author: 'membre',
      featured: false,
      videos: ['court-metrage-pluie', 'making-of-pluie', 'nuit-courts-palmares'],
      inLibraryOf: ['spectateur'],
    },
  ],
  likes: {
    spectateur: ['court-metrage-pluie', 'tournoi-finale', 'concert-jazz', 'gala-ouverture'],
    membre: ['court-metrage-pluie', 'tournoi-resume'],
  },
  history: {
    spectateur: [
      'gala-ouverture',
      'tournoi-finale',
      'court-metrage-pluie',
      'concert-rock',
      'interview-directrice',
      'sport-course',
    ],
  },
  trending: [
    'soiree-rentree-teaser',
    'court-metrage-pluie',
    'tournoi-resume',
    'concert-rock',
    'interview-directrice',
  ],
};
