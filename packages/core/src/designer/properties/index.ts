export * from './relations.ts';
export * from './formulaBuilder.ts';
export * from './designErrors.ts';
