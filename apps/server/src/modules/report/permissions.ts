import { sql, type Kysely } from 'kysely';
import { broaderScope, type DataScope } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { allows } from '../user/worker.ts';

/** Report datasources, datasets and report designs are an administrator's: granted through a menu's perms. */
export const REPORT_DESIGN_PERMISSION = 'report:design';
export const REPORT_FORBIDDEN = '您无权查看该报表';
export const REPORT_NOT_FOUND = '报表不存在';

/** What a reader of a report gets: its version, and the data scope its grant carries. */
export interface ReportAccess {
  version: number;
  /**
   * The broadest data scope among the caller's roles that were given the report; what a reader
   * without view rights on a source form sees of it (see sources/dataScope.ts). Designers who were
   * not given the report read it with their report:design scope.
   */
  grantScope: DataScope;
}

const SCOPE_RANK = sql<number>`case r2.data_scope when 'all' then 2 when 'org' then 1 else 0 end`;
const RANK_SCOPE: readonly DataScope[] = ['self', 'org', 'all'];

/** The data scope a report designer previews with: administrators all, others their report:design roles'. */
export function designScope(auth: AuthContext): DataScope {
  return auth.permissions.isSuper ? 'all' : (auth.permissions.scopes.get(REPORT_DESIGN_PERMISSION) ?? 'self');
}

/**
 * A report's version and the caller's grant, checking in the same statement that the caller may
 * read it: designers always, others when one of their roles (directly or through an organisation)
 * was given it.
 */
export async function readableReport(db: Kysely<Database>, auth: AuthContext, reportId: string): Promise<ReportAccess> {
  if (!/^\d{1,18}$/.test(reportId)) throw notFound(REPORT_NOT_FOUND);
  const r = await sql<{ version: number; rank: number | null }>`
    select r.version, (
      select max(${SCOPE_RANK}) from report_permission p join sys_role r2 on r2.id = p.role_id
      where p.report_id = r.id and p.role_id in (
        select role_id from sys_user_role where user_id = ${auth.userId}
        union
        select ro.role_id from sys_org_role ro join sys_user_org uo on uo.org_id = ro.org_id where uo.user_id = ${auth.userId})
    ) as rank
    from report_def r where r.id = ${reportId}`.execute(db);
  const row = r.rows[0];
  if (!row) throw notFound(REPORT_NOT_FOUND);
  const designer = allows(auth.permissions, REPORT_DESIGN_PERMISSION);
  if (row.rank === null && !designer) throw forbidden(REPORT_FORBIDDEN);
  const granted = row.rank === null ? null : RANK_SCOPE[Number(row.rank)]!;
  const grantScope = designer ? broaderScope(granted ?? 'self', designScope(auth)) : granted!;
  return { version: row.version, grantScope };
}

/** A report's version, once the caller may read it (see readableReport). */
export async function readableReportVersion(db: Kysely<Database>, auth: AuthContext, reportId: string): Promise<number> {
  return (await readableReport(db, auth, reportId)).version;
}
