export * from './registration.ts';
export * from './status.ts';
