export * from './rules.ts';
export * from './sync.ts';
export * from './specialServices.ts';
