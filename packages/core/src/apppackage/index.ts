export * from './format.ts';
export * from './entryNames.ts';
export * from './formRefs.ts';
export * from './validate.ts';
export * from './preview.ts';
export * from './parts/index.ts';
