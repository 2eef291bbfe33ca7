export * from './types.ts';
export * from './rules.ts';
