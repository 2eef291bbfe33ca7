export * from './normalize.ts';
export * from './check.ts';
export * from './defaults.ts';
