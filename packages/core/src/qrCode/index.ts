export * from './conf.ts';
