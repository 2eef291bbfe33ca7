import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { formatDateTime, PACKAGE_LIMITS } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { AppError, badRequest, forbidden } from '../../plugins/errors.ts';
import { exportPackage, installPackageFile, PackageRefused, previewPackageFile, uninstallApp } from './service.ts';
import { choosableParts, listInstalled, listTenantChoices } from './repo.ts';

/** The permission of 应用管理 (menu /app/management, component AppManagement). */
export const APP_PACKAGE_PERM = 'app:package';
const MODULE = '应用管理';

const call = (action?: string) => ({ permission: APP_PACKAGE_PERM, ...(action ? { audit: { module: MODULE, action } } : {}) });

const CodeBody = Type.Object({ code: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' }) });
const ExportBody = Type.Object({
  code: Type.String({ maxLength: 40 }),
  name: Type.String({ maxLength: 100 }),
  version: Type.String({ maxLength: 20 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  formIds: Type.Array(Type.Union([Type.String({ pattern: '^[1-9]\\d{0,17}$' }), Type.Integer({ minimum: 1 })]), { maxItems: 200 }),
  dictionaries: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,62}$' }), { maxItems: 200 })),
  /** The micro-app the application appears as (optional). */
  microAppId: Type.Optional(Type.Union([Type.String({ pattern: '^[1-9]\\d{0,17}$' }), Type.Integer({ minimum: 1 }), Type.Null()])),
});

/** Packages are the park's (a tenant receives applications, it does not publish them). */
function parkOnly(request: FastifyRequest) {
  const auth = authOf(request);
  if (auth.user.userType !== 0) throw forbidden();
  return auth;
}

/** The one uploaded file (and the tenants chosen, a field before it), bounded by the package limit; its content is the package reader's to judge. */
async function uploaded(request: FastifyRequest): Promise<Buffer> {
  return (await uploadedWith(request)).data;
}

async function uploadedWith(request: FastifyRequest): Promise<{ data: Buffer; tenantIds: string[] }> {
  if (!request.isMultipart()) throw new AppError(415, '请以 multipart/form-data 方式上传文件');
  const file = await request.file({ limits: { fileSize: PACKAGE_LIMITS.fileBytes + 1, files: 1, fields: 5 } });
  if (!file) throw badRequest('请选择应用包文件');
  const data = await file.toBuffer().catch(() => null);
  if (!data || file.file.truncated || data.length > PACKAGE_LIMITS.fileBytes) throw new AppError(413, `应用包文件超过 ${PACKAGE_LIMITS.fileBytes / 1024 / 1024} MB，拒绝导入`);
  const field = file.fields.tenantIds;
  const raw = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : '';
  const tenantIds = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  if (tenantIds.length > 500 || tenantIds.some((id) => !/^[1-9]\d{0,17}$/.test(id))) throw badRequest('租户参数不合法');
  return { data, tenantIds };
}

/** A refused package: 400 with every reason, in the envelope (errMsg the first ones joined). */
function refusal(err: unknown): never {
  if (err instanceof PackageRefused) throw new AppError(400, err.message.slice(0, 1000), 400, err.reasons.map((message) => ({ message })));
  throw err;
}

/** 应用管理 (issue 41): installed applications, 导出, 导入 preview and install. */
export function appPackageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/apppackage/list', { config: call() }, async (request) => {
    parkOnly(request);
    const rows = await listInstalled(ctx.db);
    return {
      errCode: 0,
      data: rows.map((r) => ({
        id: Number(r.id),
        code: r.code,
        name: r.name,
        version: r.version,
        description: r.description,
        installedIn: r.company_id === null ? '园区' : `租户：${r.company_name ?? r.company_id}`,
        installTime: formatDateTime(r.install_time),
        updateTime: formatDateTime(r.update_time),
      })),
    };
  });

  app.get('/api/apppackage/tenants', { config: call() }, async (request) => {
    parkOnly(request);
    return { errCode: 0, data: await listTenantChoices(ctx.db) };
  });

  app.get('/api/apppackage/parts', { config: call() }, async (request) => {
    parkOnly(request);
    return { errCode: 0, data: await choosableParts(ctx.db) };
  });

  app.post('/api/apppackage/export', { schema: { body: ExportBody }, config: call('导出应用') }, async (request, reply) => {
    parkOnly(request);
    const b = request.body as Static<typeof ExportBody>;
    const out = await exportPackage(ctx.db, {
      code: b.code,
      name: b.name,
      version: b.version,
      description: b.description ?? '',
      formIds: [...new Set(b.formIds.map(String))],
      dictionaries: b.dictionaries ?? [],
      microAppId: b.microAppId === undefined || b.microAppId === null ? null : String(b.microAppId),
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${out.fileName}"`)
      .send(out.zip);
  });

  app.post('/api/apppackage/preview', { config: call() }, async (request) => {
    parkOnly(request);
    const data = await uploaded(request);
    try {
      const p = await previewPackageFile(ctx.db, data);
      return { errCode: 0, data: { ...p, changes: undefined } };
    } catch (err) {
      refusal(err);
    }
  });

  app.post('/api/apppackage/import', { config: call('导入应用') }, async (request) => {
    const auth = parkOnly(request);
    const { data, tenantIds } = await uploadedWith(request);
    try {
      const r = await installPackageFile(ctx, data, auth.userId, tenantIds);
      return { errCode: 0, errMsg: r.preview.fromVersion ? `已升级到 ${r.preview.version}` : '导入成功', data: { ...r.preview, changes: undefined, notes: r.notes, formIds: r.formIds } };
    } catch (err) {
      refusal(err);
    }
  });

  app.post('/api/apppackage/uninstall', { schema: { body: CodeBody }, config: call('卸载应用') }, async (request) => {
    parkOnly(request);
    try {
      const r = await uninstallApp(ctx, (request.body as Static<typeof CodeBody>).code);
      return { errCode: 0, errMsg: `已卸载「${r.name}」`, data: r };
    } catch (err) {
      refusal(err);
    }
  });
}
