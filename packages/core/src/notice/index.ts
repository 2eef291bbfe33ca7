export * from './rules.ts';
export * from './sms.ts';
export * from './backgrounds.ts';
