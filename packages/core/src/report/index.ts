export * from './vocabulary.ts';
export * from './dataset.ts';
export * from './widgetQuery.ts';
export * from './pivot.ts';
export * from './api.ts';
export * from './widgetDefinitions.ts';
export * from './axisRules.ts';
export * from './interaction.ts';
