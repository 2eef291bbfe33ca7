export * from './matchTypes.ts';
export * from './relativeDates.ts';
export * from './conditions.ts';
export * from './evaluate.ts';
