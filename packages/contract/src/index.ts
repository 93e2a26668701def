export * from './enums.ts';
export * from './common.ts';
export * from './video.ts';
export * from './direct.ts';
export * from './playlist.ts';
export * from './tag.ts';
export * from './user.ts';
export * from './settings.ts';
