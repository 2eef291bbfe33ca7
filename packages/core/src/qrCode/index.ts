export * from './conf.ts';
export * from './access.ts';
export * from './subTables.ts';
