import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertMenu } from './reports.ts';

/** 报表设计 › 自动报表 (issue 39, ADR 0057), granted by report:autoReport (the super role's unless granted). */
export async function seedAutoReportMenu(trx: Transaction<Database>): Promise<void> {
  await insertMenu(trx, '/report', { name: '自动报表', path: '/report/autoReport', component: 'AutoReport', icon: 'baobiao', perms: 'report:autoReport', roles: [] });
}
