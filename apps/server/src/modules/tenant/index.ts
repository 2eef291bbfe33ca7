/** The tenant module's face (issue 36). t1 owns this file; t3's forms part is re-exported here. */
export * from './forms/index.ts';
export * from './manage/index.ts';
