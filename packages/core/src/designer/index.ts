export * from './templates.ts';
export * from './tree.ts';
export * from './ops.ts';
export * from './history.ts';
export * from './check.ts';
export * from './clipboard.ts';
export * from './originDefaults.ts';
