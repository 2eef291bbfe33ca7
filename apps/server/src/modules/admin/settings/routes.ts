import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { SETTINGS_LIMITS, type SecuritySettings, type SecuritySettingsReply } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { badRequest } from '../../../plugins/errors.ts';
import { adminCall } from '../common.ts';
import { SETTING_KEYS } from './store.ts';

const PERM = 'system:settings';
const MODULE = '安全设置';

const SettingsBody = Type.Object({
  sessionIdleMinutes: Type.Integer(),
  loginFailuresPerMinute: Type.Integer(),
  optLogRetentionDays: Type.Integer(),
});

export function adminSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, settings, events } = ctx;

  app.get('/api/user/getSecuritySettings', { config: { permission: PERM } }, async (): Promise<SecuritySettingsReply> => ({
    errCode: 0,
    settings: settings.current,
    defaults: settings.defaults,
  }));

  app.post(
    '/api/user/updateSecuritySettings',
    { schema: { body: SettingsBody }, config: adminCall(PERM, MODULE, '修改安全设置') },
    async (request) => {
      const values = request.body as Static<typeof SettingsBody>;
      for (const key of SETTING_KEYS) {
        const { min, max, label } = SETTINGS_LIMITS[key];
        if (values[key] < min || values[key] > max) throw badRequest(`${label}须在 ${min} 到 ${max} 之间`);
      }
      const next: SecuritySettings = {
        sessionIdleMinutes: values.sessionIdleMinutes,
        loginFailuresPerMinute: values.loginFailuresPerMinute,
        optLogRetentionDays: values.optLogRetentionDays,
      };
      const before = settings.current;
      await db.transaction().execute(async (trx) => {
        await settings.save(trx, events, next);
        await writeAudit(trx, request, { module: MODULE, action: '修改安全设置', targetType: 'sys_setting', detail: { before, after: next } });
      });
      settings.apply(next);
      return { errCode: 0, settings: next };
    },
  );
}
