export * from './package.ts';
export * from './format.ts';
export * from './entryNames.ts';
export * from './formRefs.ts';
export * from './validate.ts';
export * from './preview.ts';
export * from './parts/index.ts';
export * from './fieldChanges.ts';
