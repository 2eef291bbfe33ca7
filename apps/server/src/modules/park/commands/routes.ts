import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { badRequest } from '../../../plugins/errors.ts';
import { parseStatTime } from '../stats/query.ts';
import { PARK_VIEW_PERMISSION } from '../permissions.ts';
import { idList, type CommandService } from './service.ts';

export const PARK_COMMAND_PERMISSION = 'park:command';

/* Commands come form-encoded or as JSON; id lists as "1,2" or arrays. */
const IdsField = Type.Union([Type.String({ maxLength: 4000 }), Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 200 }), Type.Integer({ minimum: 1 })]);
const DoorBody = Type.Object({ gateId: Type.Integer({ minimum: 1 }), laneId: Type.Optional(Type.Integer({ minimum: 1 })) });
const WhiteBody = Type.Object({
  plates: Type.Union([Type.String({ maxLength: 4000 }), Type.Array(Type.String({ maxLength: 20 }), { maxItems: 200 })]),
  gateIds: Type.Optional(IdsField),
  validFrom: Type.String({ maxLength: 19 }),
  validTo: Type.String({ maxLength: 19 }),
  ownerName: Type.Optional(Type.String({ maxLength: 50 })),
});
const VolumeBody = Type.Object({ zoneIds: IdsField, volume: Type.Integer({ minimum: 0, maximum: 100 }) });
const CardBody = Type.Object({ zoneIds: IdsField, cardId: Type.String({ maxLength: 64 }) });
const TextBody = Type.Object({ zoneIds: IdsField, text: Type.String({ maxLength: 500 }), repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 1 })) });
const ExternBody = Type.Object({ zoneIds: IdsField, fileId: Type.Integer({ minimum: 1 }) });
const MusicBody = Type.Object({ zoneIds: IdsField, musicIds: IdsField });
const ZonesBody = Type.Object({ zoneIds: IdsField });
const GroupQuery = Type.Object({ groupName: Type.Optional(Type.String({ maxLength: 100 })) });

const command = (action: string) => ({ permission: PARK_COMMAND_PERMISSION, audit: { module: '园区设备控制', action } });
const zones = (v: unknown) => idList(v, '广播分区');

/** Door, white list and broadcast commands (spec 002 §7), each answered with the device's result. */
export function commandRoutes(app: FastifyInstance, commands: CommandService): void {
  const reply = (result: { ok: boolean; code: string; message: string; data?: unknown }) => ({ errCode: 0, result });

  app.post('/api/hik/door/open', { schema: { body: DoorBody }, config: command('开闸') }, async (request) => {
    const body = request.body as Static<typeof DoorBody>;
    return reply(await commands.openDoor(request, String(body.gateId), body.laneId ? String(body.laneId) : null));
  });

  app.post('/api/project/commonCar/syncWhiteCar', { schema: { body: WhiteBody }, config: command('下发白名单') }, async (request) => {
    const body = request.body as Static<typeof WhiteBody>;
    const plates = Array.isArray(body.plates) ? body.plates : body.plates.split(',');
    if (plates.length > 200) throw badRequest('一次最多下发 200 个车牌');
    return reply(
      await commands.syncWhiteCar(request, {
        plates,
        gateIds: body.gateIds === undefined || body.gateIds === '' ? null : idList(body.gateIds, '道口'),
        validFrom: parseStatTime(body.validFrom, '有效期开始时间', false),
        validTo: parseStatTime(body.validTo, '有效期结束时间', true),
        ownerName: body.ownerName?.trim() || null,
      }),
    );
  });

  app.get('/api/broadcast/getBroadcastInfo', { config: { permission: PARK_VIEW_PERMISSION } }, async () => ({ errCode: 0, datas: await commands.broadcastInfo() }));
  app.get('/api/broadcast/getServiceAudioCollectionDevice', { config: { permission: PARK_VIEW_PERMISSION } }, async () => ({ errCode: 0, datas: await commands.audioCards() }));
  app.get('/api/broadcast/getServerGroupDirName', { config: { permission: PARK_VIEW_PERMISSION } }, async () => ({ errCode: 0, datas: await commands.groups() }));
  app.get('/api/broadcast/getGroupingMusicInfo', { schema: { querystring: GroupQuery }, config: { permission: PARK_VIEW_PERMISSION } }, async (request) => ({
    errCode: 0,
    datas: await commands.music((request.query as Static<typeof GroupQuery>).groupName || null),
  }));

  app.post('/api/broadcast/setVolume', { schema: { body: VolumeBody }, config: command('设置广播音量') }, async (request) => {
    const body = request.body as Static<typeof VolumeBody>;
    return reply(await commands.setVolume(request, zones(body.zoneIds), body.volume));
  });
  app.post('/api/broadcast/controlHostPlayAudioCollectCard', { schema: { body: CardBody }, config: command('采集卡广播') }, async (request) => {
    const body = request.body as Static<typeof CardBody>;
    return reply(await commands.playCard(request, zones(body.zoneIds), body.cardId));
  });
  app.post('/api/broadcast/controlHostPlayOther', { schema: { body: TextBody }, config: command('文字广播') }, async (request) => {
    const body = request.body as Static<typeof TextBody>;
    return reply(await commands.playText(request, zones(body.zoneIds), body.text, body.repeat ?? 1));
  });
  app.post('/api/broadcast/playExternMusic', { schema: { body: ExternBody }, config: command('播放外部音频') }, async (request) => {
    const body = request.body as Static<typeof ExternBody>;
    return reply(await commands.playExtern(request, zones(body.zoneIds), String(body.fileId)));
  });
  app.post('/api/broadcast/playMusic', { schema: { body: MusicBody }, config: command('播放曲目') }, async (request) => {
    const body = request.body as Static<typeof MusicBody>;
    return reply(await commands.playMusic(request, zones(body.zoneIds), idList(body.musicIds, '曲目')));
  });
  app.post('/api/broadcast/stopMsg', { schema: { body: ZonesBody }, config: command('停止广播') }, async (request) => {
    const body = request.body as Static<typeof ZonesBody>;
    return reply(await commands.stop(request, zones(body.zoneIds)));
  });
}
