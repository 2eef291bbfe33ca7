export * from './formDepends.ts';
export * from './allotStatus.ts';
export * from './allotApi.ts';
export * from './roles.ts';
export * from './rules.ts';
