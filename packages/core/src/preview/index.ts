export * from './kinds.ts';
export * from './markdown.ts';
