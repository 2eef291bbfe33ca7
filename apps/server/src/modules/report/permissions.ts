import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { allows } from '../user/permissions.ts';

/** Datasources, datasets and report designs are an administrator's: granted through a menu's perms. */
export const REPORT_DESIGN_PERMISSION = 'report:design';
export const REPORT_FORBIDDEN = '您无权查看该报表';
export const REPORT_NOT_FOUND = '报表不存在';

/**
 * A report's version, checking in the same statement that the caller may read it: designers
 * always, others when one of their roles (directly or through an organisation) was given it.
 */
export async function readableReportVersion(db: Kysely<Database>, auth: AuthContext, reportId: string): Promise<number> {
  if (!/^\d{1,18}$/.test(reportId)) throw notFound(REPORT_NOT_FOUND);
  const r = await sql<{ version: number; allowed: boolean }>`
    select r.version, exists (
      select 1 from report_permission p
      where p.report_id = r.id and p.role_id in (
        select role_id from sys_user_role where user_id = ${auth.userId}
        union
        select ro.role_id from sys_org_role ro join sys_user_org uo on uo.org_id = ro.org_id where uo.user_id = ${auth.userId})
    ) as allowed
    from report_def r where r.id = ${reportId}`.execute(db);
  const row = r.rows[0];
  if (!row) throw notFound(REPORT_NOT_FOUND);
  if (!row.allowed && !allows(auth.permissions, REPORT_DESIGN_PERMISSION)) throw forbidden(REPORT_FORBIDDEN);
  return row.version;
}
