import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { isPlatformDefaultKey, PLATFORM_DEFAULT_TEXT } from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { allows, type AuthContext } from '../../plugins/authContext.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest, forbidden } from '../../plugins/errors.ts';
import { isTenantAdmin } from '../micro/index.ts';
import { keyOf, saveKey, type Owner } from './platformDefault.repo.ts';

/*
 * 平台默认主题 (issue 40, ADR 0047 amended): the shell preset a user starts with. The park's row
 * (company_id null) is set on 系统管理 › 主题 by whoever holds its code; a tenant's 主管理员 may set
 * the tenant's own, which its users get instead. Every signed-in user reads the one that applies.
 */

const SaveBody = Type.Object({ themeKey: Type.String({ maxLength: 20 }) });

export function platformDefaultRoutes(app: FastifyInstance, ctx: AppContext, permission: string): void {
  const { db } = ctx;
  const tenantOf = (auth: AuthContext): Owner => (auth.user.userType === 0 || auth.user.companyId === null ? null : String(auth.user.companyId));

  app.get('/api/theme/platformDefault', async (request) => {
    const tenant = tenantOf(authOf(request));
    const [parkKey, tenantKey] = await Promise.all([keyOf(db, null), tenant === null ? null : keyOf(db, tenant)]);
    return { errCode: 0, themeKey: tenantKey ?? parkKey ?? 'default', parkThemeKey: parkKey, tenantThemeKey: tenantKey };
  });

  app.post('/api/theme/savePlatformDefault', { schema: { body: SaveBody }, config: { audit: { module: '主题', action: '设置平台默认主题' } } }, async (request) => {
    const auth = authOf(request);
    const owner = tenantOf(auth);
    // The park's row needs the 主题 screen's code; a tenant's, its 主管理员 (a tenant never writes the park's).
    const may = owner === null ? allows(auth.permissions, permission) : await isTenantAdmin(db, auth.userId, owner);
    if (!may) throw forbidden();
    const { themeKey } = request.body as Static<typeof SaveBody>;
    if (!isPlatformDefaultKey(themeKey)) throw badRequest(PLATFORM_DEFAULT_TEXT.invalid);
    await db.transaction().execute(async (trx) => {
      await saveKey(trx, owner, themeKey, auth.userId);
      await writeAudit(trx, request, { module: '主题', action: '设置平台默认主题', targetType: 'sys_platform_theme', targetId: owner ?? 'park', detail: { themeKey } });
    });
    return { errCode: 0, errMsg: PLATFORM_DEFAULT_TEXT.saved, themeKey };
  });
}
