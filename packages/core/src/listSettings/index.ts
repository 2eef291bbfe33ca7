export * from './normalize.ts';
export * from './check.ts';
