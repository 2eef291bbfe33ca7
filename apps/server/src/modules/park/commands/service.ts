import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isPlate } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { AppError, badRequest, notFound } from '../../../plugins/errors.ts';
import { formatTime, toNum } from '../format.ts';
import type { CommandResult, DeviceAdapters, HostRef, MusicFile } from './adapters.ts';

const MODULE = '园区设备控制';

/** ids as "1,2,3", an array, or one number. */
export function idList(value: unknown, what: string): string[] {
  const list = Array.isArray(value) ? value.map(String) : typeof value === 'number' ? [String(value)] : typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [];
  if (list.length === 0) throw badRequest(`请选择${what}`);
  if (list.length > 200 || !list.every((s) => /^[1-9]\d{0,15}$/.test(s))) throw badRequest(`${what}不正确`);
  return [...new Set(list)];
}

/**
 * Device commands: each is resolved against the park's data, sent through its adapter, logged
 * (park_command_log and the operation log, success or failure) and answered with the device's
 * result; a device's refusal is a 502 whose message is the device's own.
 */
export class CommandService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly adapters: DeviceAdapters,
  ) {}

  private async run(request: FastifyRequest, command: string, target: string, params: unknown, work: () => Promise<CommandResult>) {
    const result = await work();
    const auth = request.auth!;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('park_command_log')
        .values({ command, target, params: JSON.stringify(params), user_id: auth.userId, username: auth.user.username, ok: result.ok, result: JSON.stringify(result) })
        .execute();
      await writeAudit(trx, request, { module: MODULE, action: command, targetType: 'park_device', targetId: target, detail: { params, result }, result: result.ok ? 0 : 1, errMsg: result.ok ? null : result.message });
    });
    if (!result.ok) throw new AppError(502, `设备执行失败：${result.message}`);
    return result;
  }

  async openDoor(request: FastifyRequest, gateId: string, laneId: string | null) {
    const gate = await this.db.selectFrom('park_gate').select(['id', 'gate_code', 'gate_name']).where('id', '=', gateId).executeTakeFirst();
    if (!gate) throw notFound('道口不存在');
    if (laneId) {
      const lane = await this.db.selectFrom('park_lane').select('id').where('id', '=', laneId).where('gate_id', '=', gateId).executeTakeFirst();
      if (!lane) throw notFound('车道不存在');
    }
    return this.run(request, '开闸', gate.gate_name, { gateId, laneId }, () =>
      this.adapters.door.open({ id: gate.id, code: gate.gate_code, name: gate.gate_name }, laneId),
    );
  }

  /** Stores the white list (per gate, or every gate when none is named) and sends it to the gates. */
  async syncWhiteCar(request: FastifyRequest, input: { plates: string[]; gateIds: string[] | null; validFrom: Date; validTo: Date; ownerName: string | null }) {
    const plates = [...new Set(input.plates.map((p) => p.trim().toUpperCase()))];
    const bad = plates.filter((p) => !isPlate(p));
    if (plates.length === 0) throw badRequest('请填写车牌号');
    if (bad.length) throw badRequest(`车牌号格式不正确：${bad.join('、')}`);
    if (input.validFrom >= input.validTo) throw badRequest('有效期开始时间必须早于结束时间');
    const gates = input.gateIds
      ? await this.db.selectFrom('park_gate').select(['id', 'gate_code']).where('id', 'in', input.gateIds).execute()
      : null;
    if (gates && gates.length !== input.gateIds!.length) throw notFound('道口不存在');
    await this.db.transaction().execute(async (trx) => {
      for (const gateId of gates ? gates.map((g) => g.id) : [null]) {
        await trx
          .insertInto('park_white_list')
          .values(plates.map((plate) => ({ plate, gate_id: gateId, valid_from: input.validFrom, valid_to: input.validTo, owner_name: input.ownerName })))
          .onConflict((oc) => oc.columns(['plate', 'gate_id']).doUpdateSet((eb) => ({ valid_from: eb.ref('excluded.valid_from'), valid_to: eb.ref('excluded.valid_to'), owner_name: eb.ref('excluded.owner_name') })))
          .execute();
      }
    });
    const entries = plates.map((plate) => ({ plate, gateCodes: gates ? gates.map((g) => g.gate_code) : null, validFrom: formatTime(input.validFrom), validTo: formatTime(input.validTo), ownerName: input.ownerName }));
    return this.run(request, '下发白名单', plates.join(','), { plates, gateIds: input.gateIds }, () => this.adapters.whiteList.sync(entries));
  }

  /** The broadcast zones with their hosts and what each host is doing. */
  async broadcastInfo() {
    const zones = await this.db
      .selectFrom('park_broadcast_zone as z')
      .leftJoin('park_device as d', 'd.id', 'z.device_id')
      .select(['z.id', 'z.zone_name', 'd.id as device_id', 'd.device_code', 'd.device_name', 'd.online'])
      .orderBy('z.id')
      .execute();
    const hosts = new Map<string, HostRef>();
    for (const z of zones) if (z.device_id) hosts.set(z.device_id, { id: z.device_id, code: z.device_code!, name: z.device_name!, online: z.online === 1 });
    const states = new Map((await this.adapters.broadcast.state([...hosts.values()])).map((s) => [s.hostId, s]));
    return zones.map((z) => {
      const s = z.device_id ? states.get(z.device_id) : undefined;
      return {
        zoneId: toNum(z.id),
        zoneName: z.zone_name,
        deviceId: z.device_id ? toNum(z.device_id) : null,
        deviceName: z.device_name ?? null,
        online: z.online ?? 0,
        volume: s?.volume ?? null,
        playing: s?.playing ?? null,
      };
    });
  }

  /** The hosts that serve these zones; a zone with no host cannot be broadcast to. */
  private async hostsOf(zoneIds: string[]): Promise<HostRef[]> {
    const zones = await this.db
      .selectFrom('park_broadcast_zone as z')
      .leftJoin('park_device as d', 'd.id', 'z.device_id')
      .select(['z.id', 'z.zone_name', 'd.id as device_id', 'd.device_code', 'd.device_name', 'd.online', 'd.status'])
      .where('z.id', 'in', zoneIds)
      .execute();
    if (zones.length !== zoneIds.length) throw notFound('广播分区不存在');
    const unbound = zones.filter((z) => !z.device_id || z.status !== 0);
    if (unbound.length) throw badRequest(`广播分区未绑定可用的广播主机：${unbound.map((z) => z.zone_name).join('、')}`);
    const hosts = new Map<string, HostRef>();
    for (const z of zones) hosts.set(z.device_id!, { id: z.device_id!, code: z.device_code!, name: z.device_name!, online: z.online === 1 });
    return [...hosts.values()];
  }

  async setVolume(request: FastifyRequest, zoneIds: string[], volume: number) {
    const hosts = await this.hostsOf(zoneIds);
    return this.run(request, '设置广播音量', zoneIds.join(','), { zoneIds, volume }, () => this.adapters.broadcast.setVolume(hosts, volume));
  }

  audioCards() {
    return this.adapters.broadcast.audioCards();
  }

  async playCard(request: FastifyRequest, zoneIds: string[], cardId: string) {
    const card = (await this.adapters.broadcast.audioCards()).find((c) => c.cardId === cardId);
    if (!card) throw notFound('音频采集设备不存在');
    const hosts = await this.hostsOf(zoneIds);
    return this.run(request, '采集卡广播', zoneIds.join(','), { zoneIds, cardId }, () => this.adapters.broadcast.playCard(hosts, card));
  }

  async playText(request: FastifyRequest, zoneIds: string[], text: string, repeat: number) {
    const content = text.trim();
    if (!content) throw badRequest('请填写广播内容');
    const hosts = await this.hostsOf(zoneIds);
    return this.run(request, '文字广播', zoneIds.join(','), { zoneIds, text: content, repeat }, () => this.adapters.broadcast.playText(hosts, content, repeat));
  }

  /** An audio file uploaded to the platform, played from its download address. */
  async playExtern(request: FastifyRequest, zoneIds: string[], fileId: string) {
    const file = await this.db.selectFrom('sys_file').select(['id', 'original_name', 'suffix']).where('id', '=', fileId).executeTakeFirst();
    if (!file) throw notFound('文件不存在或已被删除');
    if (!['mp3', 'wav'].includes(file.suffix.toLowerCase())) throw badRequest('只能播放 mp3 或 wav 音频文件');
    const hosts = await this.hostsOf(zoneIds);
    return this.run(request, '播放外部音频', zoneIds.join(','), { zoneIds, fileId }, () =>
      this.adapters.broadcast.playExtern(hosts, file.original_name, `/api/file/download/${file.id}`),
    );
  }

  async groups() {
    const rows = await this.db.selectFrom('park_broadcast_file').select('group_name').distinct().orderBy('group_name').execute();
    return rows.map((r) => r.group_name);
  }

  async music(groupName: string | null) {
    let q = this.db.selectFrom('park_broadcast_file').selectAll().orderBy('group_name').orderBy('id');
    if (groupName) q = q.where('group_name', '=', groupName);
    return (await q.execute()).map((f) => ({ id: toNum(f.id), groupName: f.group_name, fileName: f.file_name, durationS: f.duration_s }));
  }

  async playMusic(request: FastifyRequest, zoneIds: string[], musicIds: string[]) {
    const rows = await this.db.selectFrom('park_broadcast_file').selectAll().where('id', 'in', musicIds).execute();
    if (rows.length !== musicIds.length) throw notFound('曲目不存在');
    const files: MusicFile[] = musicIds.map((id) => rows.find((r) => r.id === id)!).map((r) => ({ id: r.id, groupName: r.group_name, fileName: r.file_name, durationS: r.duration_s }));
    const hosts = await this.hostsOf(zoneIds);
    return this.run(request, '播放曲目', zoneIds.join(','), { zoneIds, musicIds }, () => this.adapters.broadcast.playMusic(hosts, files));
  }

  async stop(request: FastifyRequest, zoneIds: string[]) {
    const hosts = await this.hostsOf(zoneIds);
    return this.run(request, '停止广播', zoneIds.join(','), { zoneIds }, () => this.adapters.broadcast.stop(hosts));
  }
}
