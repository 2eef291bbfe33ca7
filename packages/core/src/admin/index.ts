export * from './types.ts';
export * from './rules.ts';
export * from './formAccess.ts';
