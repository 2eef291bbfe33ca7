export * from './constants.ts';
export * from './grid.ts';
export * from './playback.ts';
export * from './api.ts';
export * from './protocol.ts';
