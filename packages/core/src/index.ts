export * from './api/types.ts';
export * from './auth/envelope.ts';
export * from './auth/passwordRule.ts';
export * from './shell/menuRoutes.ts';
export * from './shell/formId.ts';
export * from './shell/counters.ts';
export * from './shell/messages.ts';
export * from './query/index.ts';
