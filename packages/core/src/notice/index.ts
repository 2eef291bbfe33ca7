export * from './rules.ts';
export * from './sms.ts';
