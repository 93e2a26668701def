/** Privacy levels of videos and directs (spec section 3). */
export const Privacy = { Public: 0, School: 1, Plateau: 2, Archived: 3 } as const;
export type Privacy = (typeof Privacy)[keyof typeof Privacy];

/** Processing states of a video: the state machine 0 -> 1 -> 2 -> 3 (and 2 -> 1 on failure). */
export const Processing = { NoUpload: 0, Uploaded: 1, Encoding: 2, Published: 3 } as const;
export type Processing = (typeof Processing)[keyof typeof Processing];

/**
 * Why a video at processing 2 has not started encoding yet (Video.encodingWait): `disk`, too
 * little free disk space for its renditions; `storage`, the media's object storage could not be
 * reached. Either way the encode starts again by itself.
 */
export const encodingWaitReasons = ['disk', 'storage'] as const;
export type EncodingWait = (typeof encodingWaitReasons)[number];

export const roles = ['user', 'plateau', 'geek'] as const;
export type Role = (typeof roles)[number];

/** Home display modes: classic, theme, next direct, current direct. */
export const HomeDisplay = { Classic: 0, Theme: 1, NextDirect: 2, CurrentDirect: 3 } as const;
export type HomeDisplay = (typeof HomeDisplay)[keyof typeof HomeDisplay];

/** Renditions of an encoded video, by their shorter side; 0 is the raw upload. */
export const rungs = [1080, 720, 480, 240] as const;
export type Rung = (typeof rungs)[number];

export const trendingSlots = [1, 2, 3, 4, 5] as const;
