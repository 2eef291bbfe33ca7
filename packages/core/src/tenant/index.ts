export * from './formDepends.ts';
export * from './allotStatus.ts';
