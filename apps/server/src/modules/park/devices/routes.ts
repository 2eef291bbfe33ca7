import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { Id, IdBody, OptText, Text } from '../../admin/index.ts';
import type { DeviceService } from './service.ts';

const PERM = 'park:device';
const call = (action: string) => ({ permission: PERM, audit: { module: '设备管理', action } });

const DeviceFields = {
  deviceCode: Text(64),
  deviceName: Text(64),
  deviceType: Text(20),
  gateId: Type.Optional(Type.Union([Id, Type.Null()])),
  remark: OptText(200),
};
const AddBody = Type.Object(DeviceFields);
const UpdateBody = Type.Object({ id: Id, ...DeviceFields });
const StatusBody = Type.Object({ id: Id, status: Type.Union([Type.Literal(0), Type.Literal(1)]) });
const ListQuery = Type.Object({
  pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 10 })),
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
  deviceType: Type.Optional(Type.String({ maxLength: 20 })),
  online: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});

/** 系统管理 › 设备管理: devices and their ingestion tokens. */
export function deviceRoutes(app: FastifyInstance, devices: DeviceService): void {
  app.get('/api/park/device/list', { schema: { querystring: ListQuery }, config: { permission: PERM } }, async (request) => {
    const q = request.query as Static<typeof ListQuery>;
    const page = await devices.list(
      { keyword: q.keyword?.trim() || null, deviceType: q.deviceType || null, online: q.online ?? null, status: q.status ?? null },
      q.pageNum ?? 1,
      q.pageSize ?? 10,
    );
    return { errCode: 0, ...page };
  });
  app.get('/api/park/gate/list', { config: { permission: PERM } }, async () => ({ errCode: 0, datas: await devices.gates() }));
  app.post('/api/park/device/add', { schema: { body: AddBody }, config: call('新增设备') }, async (request) => ({
    errCode: 0,
    ...(await devices.add(request, request.body as Static<typeof AddBody>)),
  }));
  app.post('/api/park/device/update', { schema: { body: UpdateBody }, config: call('修改设备') }, async (request) => {
    const body = request.body as Static<typeof UpdateBody>;
    await devices.update(request, String(body.id), body);
    return { errCode: 0 };
  });
  app.post('/api/park/device/resetToken', { schema: { body: IdBody }, config: call('重置设备令牌') }, async (request) => ({
    errCode: 0,
    ...(await devices.resetToken(request, String((request.body as IdBody).id))),
  }));
  app.post('/api/park/device/updateStatus', { schema: { body: StatusBody }, config: call('启用或停用设备') }, async (request) => {
    const body = request.body as Static<typeof StatusBody>;
    await devices.setStatus(request, String(body.id), body.status);
    return { errCode: 0 };
  });
  app.post('/api/park/device/delete', { schema: { body: IdBody }, config: call('删除设备') }, async (request) => {
    await devices.remove(request, String((request.body as IdBody).id));
    return { errCode: 0 };
  });
}
