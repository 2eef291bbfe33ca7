export * from './conf.ts';
export * from './access.ts';
