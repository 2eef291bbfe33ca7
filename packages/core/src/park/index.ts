export * from './constants.ts';
export * from './geometry.ts';
export * from './rules.ts';
export * from './ingest.ts';
export * from './api.ts';
export * from './evacuation.ts';
export * from './console.ts';
