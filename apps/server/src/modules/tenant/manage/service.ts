import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { checkTenantInput, tenantLocation, TENANT_TEXT, type AddTenantReply, type TenantInput, type TenantRow } from '@park/core';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { badRequest, conflict, notFound } from '../../../plugins/errors.ts';
import { initialPassword, provisionTenant } from './provision.ts';
import {
  findTenant,
  insertTenant,
  listTenants,
  lockTenantNames,
  regionChain,
  setTenantStatus,
  tenantNameTaken,
  tenantPhoneTaken,
  tenantUserIds,
  updateTenantRow,
  type TenantFilter,
  type TenantValues,
} from './repo.ts';

export const TENANT_MODULE = '租户信息';

const blank = (v: string | null | undefined): string | null => v?.trim() || null;

/** A latitude or longitude from the map: a number within its range, or nothing. */
function coordinate(value: string | null | undefined, limit: number, label: string): string | null {
  const t = blank(value);
  if (t === null) return null;
  if (t.length > 20 || !Number.isFinite(Number(t)) || Math.abs(Number(t)) > limit) throw badRequest(`${label}不合法`);
  return t;
}

/**
 * 租户信息 (issue 36, screens-round3 §1.1): the park's list of tenants, 新增 (which provisions the
 * tenant and its 主管理员), 修改, and 启用/禁用 (a disabled tenant's sessions end at once).
 */
export class TenantManageService {
  constructor(private readonly ctx: AppContext) {}

  list(f: TenantFilter): Promise<{ rows: TenantRow[]; total: number }> {
    return listTenants(this.ctx.db, f);
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    return name.trim() !== '' && tenantNameTaken(this.ctx.db, name, exceptId);
  }

  async phoneTaken(phone: string): Promise<boolean> {
    return phone.trim() !== '' && tenantPhoneTaken(this.ctx.db, phone.trim());
  }

  /** The dialog's rules, the region from our table, the coordinates in range: the stored values. */
  private async values(input: TenantInput, editing: boolean): Promise<TenantValues> {
    const [problem] = checkTenantInput(input, editing);
    if (problem) throw badRequest(problem.message);
    const region = await regionChain(this.ctx.db, input.areaCode.trim());
    if (!region || region.cityCode !== input.cityCode.trim() || region.proviceCode !== input.proviceCode.trim()) {
      throw badRequest(TENANT_TEXT.regionUnknown);
    }
    const location = tenantLocation(region.provice, region.city, region.area);
    return {
      company_name: input.tenantName.trim(),
      industry_name: input.industry.trim(),
      address: input.address.trim(),
      contact_name: input.contact.trim(),
      contact_email: input.email.trim(),
      location,
      province_code: region.proviceCode,
      province_name: region.provice,
      city_code: region.cityCode,
      city_name: region.city,
      area_code: region.areaCode,
      area_name: region.area,
      // 企业管理 reads the region as one county code and its full name.
      administrative_area_code: region.areaCode,
      administrative_area_name: location,
      lat: coordinate(input.lat, 90, '纬度'),
      lnt: coordinate(input.lnt, 180, '经度'),
    };
  }

  async add(request: FastifyRequest, byUserId: string, input: TenantInput): Promise<AddTenantReply> {
    const values = await this.values(input, false);
    const phone = input.phone.trim();
    const password = await initialPassword();
    try {
      return await this.ctx.db.transaction().execute(async (trx) => {
        await lockTenantNames(trx);
        if (await tenantNameTaken(trx, values.company_name)) throw conflict(TENANT_TEXT.nameTaken);
        if (await tenantPhoneTaken(trx, phone)) throw conflict(TENANT_TEXT.phoneTaken);
        const id = await insertTenant(trx, { ...values, contact_phone: phone, tenant_status: input.status === 0 ? 0 : 1 }, byUserId);
        const made = await provisionTenant(trx, {
          companyId: id,
          tenantName: values.company_name,
          newAdmin: { phone, realName: values.contact_name, email: values.contact_email, password },
        });
        await writeAudit(trx, request, {
          module: TENANT_MODULE,
          action: '新增租户',
          targetType: 'sys_company',
          targetId: id,
          // Never the password: the reply shows it once and the log keeps only who was made.
          detail: { ...values, contactPhone: phone, status: input.status, adminUserId: made.adminIds[0] },
        });
        return { id: Number(id), username: phone, password: password.password };
      });
    } catch (err) {
      // The phone's account was taken by a concurrent call between the check and the insert.
      if ((err as { code?: string }).code === '23505') throw conflict(TENANT_TEXT.phoneTaken);
      throw err;
    }
  }

  /** Edits a tenant; the phone (the 主管理员's login) stays. A status change here ends sessions too. */
  async update(request: FastifyRequest, byUserId: string, input: TenantInput): Promise<void> {
    const id = String(input.id);
    const values = await this.values(input, true);
    const status = input.status === 0 ? 0 : 1;
    const ended = await this.ctx.db.transaction().execute(async (trx) => {
      await lockTenantNames(trx);
      const before = await findTenant(trx, id);
      if (!before) throw notFound(TENANT_TEXT.notFound);
      if (await tenantNameTaken(trx, values.company_name, id)) throw conflict(TENANT_TEXT.nameTaken);
      await updateTenantRow(trx, id, { ...values, tenant_status: status }, byUserId);
      await writeAudit(trx, request, { module: TENANT_MODULE, action: '修改租户', targetType: 'sys_company', targetId: id, detail: { before } });
      return before.tenant_status === 1 && status === 0 ? this.endSessions(trx, id) : [];
    });
    this.announce(ended);
  }

  async changeStatus(request: FastifyRequest, byUserId: string, rawId: string, status: 0 | 1): Promise<void> {
    const ended = await this.ctx.db.transaction().execute(async (trx) => {
      const before = await findTenant(trx, rawId);
      if (!before) throw notFound(TENANT_TEXT.notFound);
      await setTenantStatus(trx, rawId, status, byUserId);
      await writeAudit(trx, request, {
        module: TENANT_MODULE,
        action: status === 1 ? '启用租户' : '禁用租户',
        targetType: 'sys_company',
        targetId: rawId,
        detail: { before: { status: before.tenant_status }, tenantName: before.company_name },
      });
      return status === 0 ? this.endSessions(trx, rawId) : [];
    });
    this.announce(ended);
  }

  /** Deletes every session of the tenant's users, with the change (the NOTIFY goes on commit). */
  private async endSessions(trx: Kysely<Database>, id: string): Promise<string[]> {
    const users = await tenantUserIds(trx, id);
    for (const userId of users) await this.ctx.sessions.destroyAllFor(trx, userId);
    return users;
  }

  /** This instance forgets the users' cached sessions at once (others hear the NOTIFY). */
  private announce(userIds: string[]): void {
    for (const id of userIds) this.ctx.events.deliver({ kind: 'user', id });
  }
}
