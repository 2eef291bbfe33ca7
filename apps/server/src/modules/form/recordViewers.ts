import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/index.ts';

/**
 * What the form module asks of the modules that show a record to people without a form right,
 * without importing them (the form module sits below approvals). An approval's assignees, its
 * former approvers, its copies and its initiator see the record on the task page (approval
 * details.ts, ADR 0018); its sub-table rows must reach them too. bootstrap.ts plugs in the
 * approval module's rule.
 */
export interface RecordViewers {
  /** Whether `auth` may read the record `recordId` of `formId` (and so its sub-table rows) by another module's rule. */
  mayView(db: Kysely<Database>, auth: AuthContext, formId: string, recordId: string): Promise<boolean>;
}

/** The record viewers are part of every module's context (see context.ts). */
declare module '../../context.ts' {
  interface AppContext {
    recordViewers: RecordViewers;
  }
}
