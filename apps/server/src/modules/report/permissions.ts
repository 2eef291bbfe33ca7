import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { forbidden } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { allows } from '../user/permissions.ts';
import { roleIdsOf } from '../user/menus.ts';

/** Datasources, datasets and report designs are an administrator's: granted through a menu's perms. */
export const REPORT_DESIGN_PERMISSION = 'report:design';
export const REPORT_FORBIDDEN = '您无权查看该报表';

/** A report is readable by designers and by the roles saveReportPermission gave it. */
export async function assertMayReadReport(db: Kysely<Database>, auth: AuthContext, reportId: string): Promise<void> {
  if (allows(auth.permissions, REPORT_DESIGN_PERMISSION)) return;
  const roles = await roleIdsOf(db, auth.userId);
  if (roles.length === 0) throw forbidden(REPORT_FORBIDDEN);
  const hit = await db
    .selectFrom('report_permission')
    .select('role_id')
    .where('report_id', '=', reportId)
    .where('role_id', 'in', roles)
    .executeTakeFirst();
  if (!hit) throw forbidden(REPORT_FORBIDDEN);
}
