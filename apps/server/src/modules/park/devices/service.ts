import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DEVICE_CODE_MESSAGE, DEVICE_CODE_PATTERN, DEVICE_GATE_REQUIRED_MESSAGE, DEVICE_TYPES, DEVICE_TYPES_AT_GATE, type DeviceType } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { badRequest, conflict, notFound } from '../../../plugins/errors.ts';
import { formatTime, toNum } from '../format.ts';
import type { DeviceTokens } from './deviceAuth.ts';
import { codeTaken, findDevice, gateExists, hasReports, listDevices, type DeviceFilter } from './repo.ts';
import { newDeviceToken } from './tokens.ts';

const MODULE = '设备管理';

export interface DeviceInput {
  deviceCode: string;
  deviceName: string;
  deviceType: string;
  gateId?: number | null;
  remark?: string | null;
}

type DeviceRow = NonNullable<Awaited<ReturnType<typeof findDevice>>>;

export function deviceView(r: DeviceRow) {
  return {
    id: toNum(r.id),
    deviceCode: r.device_code,
    deviceName: r.device_name,
    deviceType: r.device_type,
    deviceTypeName: DEVICE_TYPES[r.device_type as DeviceType]?.label ?? r.device_type,
    tokenHint: `…${r.token_hint}`,
    gateId: r.gate_id === null ? null : toNum(r.gate_id),
    gateName: r.gate_name ?? null,
    online: r.online,
    lastSeenTime: r.last_seen_time ? formatTime(r.last_seen_time) : null,
    status: r.status,
    remark: r.remark,
    createTime: formatTime(r.create_time),
  };
}

function clean(input: DeviceInput) {
  const code = input.deviceCode.trim();
  const name = input.deviceName.trim();
  if (!code) throw badRequest('请输入设备编号');
  if (!DEVICE_CODE_PATTERN.test(code)) throw badRequest(DEVICE_CODE_MESSAGE);
  if (!name) throw badRequest('请输入设备名称');
  if (!(input.deviceType in DEVICE_TYPES)) throw badRequest('设备类型不正确');
  const gateId = input.gateId == null ? null : String(input.gateId);
  if (DEVICE_TYPES_AT_GATE.includes(input.deviceType as DeviceType) && gateId === null) throw badRequest(DEVICE_GATE_REQUIRED_MESSAGE);
  return { device_code: code, device_name: name, device_type: input.deviceType, gate_id: gateId, remark: input.remark?.trim() || null };
}

export class DeviceService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: DeviceTokens,
  ) {}

  async list(f: DeviceFilter, pageNum: number, pageSize: number) {
    const { rows, total } = await listDevices(this.db, f, (pageNum - 1) * pageSize, pageSize);
    return { datas: rows.map(deviceView), totalCount: total };
  }

  /** Creates a device and answers its token, which is never shown again. */
  async add(request: FastifyRequest, input: DeviceInput) {
    const values = clean(input);
    const token = newDeviceToken();
    const id = await this.db.transaction().execute(async (trx) => {
      if (await codeTaken(trx, values.device_code)) throw conflict('设备编号已存在');
      if (values.gate_id && !(await gateExists(trx, values.gate_id))) throw badRequest('所选道口不存在');
      const row = await trx
        .insertInto('park_device')
        .values({ ...values, token_hash: token.hash, token_hint: token.hint, create_by: request.auth?.userId ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, request, { module: MODULE, action: '新增设备', targetType: 'park_device', targetId: row.id, detail: values });
      return row.id;
    });
    return { id: toNum(id), token: token.token };
  }

  async update(request: FastifyRequest, id: string, input: DeviceInput) {
    const values = clean(input);
    await this.db.transaction().execute(async (trx) => {
      const before = await findDevice(trx, id);
      if (!before) throw notFound('设备不存在或已被删除');
      if (await codeTaken(trx, values.device_code, id)) throw conflict('设备编号已存在');
      if (values.gate_id && !(await gateExists(trx, values.gate_id))) throw badRequest('所选道口不存在');
      await trx.updateTable('park_device').set(values).where('id', '=', id).execute();
      await writeAudit(trx, request, { module: MODULE, action: '修改设备', targetType: 'park_device', targetId: id, detail: { before: deviceView(before) } });
    });
    this.tokens.forgetAll();
  }

  /** A new token; the old one stops working at once on this instance and within 30 s elsewhere. */
  async resetToken(request: FastifyRequest, id: string) {
    const token = newDeviceToken();
    await this.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('park_device').set({ token_hash: token.hash, token_hint: token.hint }).where('id', '=', id).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound('设备不存在或已被删除');
      await writeAudit(trx, request, { module: MODULE, action: '重置设备令牌', targetType: 'park_device', targetId: id });
    });
    this.tokens.forgetAll();
    return { token: token.token };
  }

  async setStatus(request: FastifyRequest, id: string, status: 0 | 1) {
    await this.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('park_device').set({ status }).where('id', '=', id).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound('设备不存在或已被删除');
      await writeAudit(trx, request, { module: MODULE, action: status === 0 ? '启用设备' : '停用设备', targetType: 'park_device', targetId: id });
    });
    this.tokens.forgetAll();
  }

  /** A device that has reported keeps its history: it can be disabled, not deleted. */
  async remove(request: FastifyRequest, id: string) {
    await this.db.transaction().execute(async (trx) => {
      const before = await findDevice(trx, id);
      if (!before) throw notFound('设备不存在或已被删除');
      if (await hasReports(trx, id)) throw conflict('该设备已上报过数据，不能删除，请改为停用');
      await trx.updateTable('park_alarm').set({ device_id: null }).where('device_id', '=', id).execute();
      await trx.deleteFrom('park_device').where('id', '=', id).execute();
      await writeAudit(trx, request, { module: MODULE, action: '删除设备', targetType: 'park_device', targetId: id, detail: { before: deviceView(before) } });
    });
    this.tokens.forgetAll();
  }

  async gates() {
    const rows = await this.db.selectFrom('park_gate').select(['id', 'gate_code', 'gate_name']).orderBy('order_index').orderBy('id').execute();
    return rows.map((g) => ({ id: toNum(g.id), gateCode: g.gate_code, gateName: g.gate_name }));
  }
}
