export * from './rules.ts';
export * from './sync.ts';
