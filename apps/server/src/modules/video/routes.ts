import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { BROWSER_STREAM_KINDS, MAX_WINDOWS, type PlayerInfoReply, type RecordsReply, type StreamReply, type VideoTreeReply } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { offsetOf, PageQuery } from '../../plugins/paging.ts';
import { gatewayFor } from './gatewayFor.ts';
import * as repo from './repo.ts';
import { VideoService, type Caller } from './service.ts';

const VIEW = 'video:view';
const GRANT = 'system:role';

const ChannelId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9$_.-]+$' });
const StreamType = Type.Union([Type.Literal(1), Type.Literal(2)]);
const DateTime = Type.String({ maxLength: 19 });
const LiveBody = Type.Object({ channelId: ChannelId, streamType: StreamType, dataType: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })) });
const RangeBody = Type.Object({ channelId: ChannelId, startTime: DateTime, endTime: DateTime, streamType: Type.Optional(StreamType) });
const StreamBody = Type.Object({
  kind: Type.Union(BROWSER_STREAM_KINDS.map((k) => Type.Literal(k))),
  channelId: ChannelId,
  streamType: StreamType,
  startTime: Type.Optional(DateTime),
  endTime: Type.Optional(DateTime),
});
const TalkBody = Type.Object({ channelId: ChannelId });
const RoleQuery = Type.Object({ roleId: Type.String({ pattern: '^[1-9]\\d{0,17}$' }) });
const GrantBody = Type.Object({
  roleId: Type.String({ pattern: '^[1-9]\\d{0,17}$' }),
  groupIds: Type.Array(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9$_.-]+$' }), { maxItems: 5000 }),
});

const callerOf = (request: FastifyRequest): Caller => ({ auth: authOf(request), ip: request.ip ?? null });

/** /api/video/*: the wall's calls through the DSS gateway, the camera-group grants and the view log. */
export function videoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new VideoService(ctx.db, gatewayFor(app, ctx.config), ctx.config.video.pluginDownloadPath);
  const view = { config: { permission: VIEW } };
  /* Stream calls change nothing on the platform: their record is the view log written by the service,
     so the operation log's catch-all (one more commit per stream opened) is not wanted on them. */
  const stream = { config: { permission: VIEW, readOnly: true } };

  app.get('/api/video/tree', view, async (request): Promise<VideoTreeReply> => ({ errCode: 0, tree: await service.visibleTree(authOf(request)) }));

  app.get('/api/video/playerInfo', view, async (): Promise<PlayerInfoReply> => ({ errCode: 0, ...(await service.playerInfo()) }));

  app.post<{ Body: Static<typeof LiveBody> }>('/api/video/startVideo', { ...stream, schema: { body: LiveBody } }, async (request): Promise<StreamReply> => ({
    errCode: 0,
    ...(await service.startVideo(callerOf(request), request.body)),
  }));

  app.post<{ Body: Static<typeof RangeBody> }>('/api/video/queryRecords', { ...stream, schema: { body: RangeBody } }, async (request): Promise<RecordsReply> => ({
    errCode: 0,
    records: await service.queryRecords(callerOf(request), request.body),
  }));

  app.post<{ Body: Static<typeof RangeBody> }>('/api/video/startPlayback', { ...stream, schema: { body: RangeBody } }, async (request): Promise<StreamReply> => ({
    errCode: 0,
    ...(await service.startPlayback(callerOf(request), request.body)),
  }));

  app.post<{ Body: Static<typeof StreamBody> }>('/api/video/streamAddress', { ...stream, schema: { body: StreamBody } }, async (request): Promise<StreamReply> => ({
    errCode: 0,
    ...(await service.streamAddress(callerOf(request), request.body.kind, request.body)),
  }));

  app.post<{ Body: Static<typeof TalkBody> }>('/api/video/startTalk', { ...stream, schema: { body: TalkBody } }, async (request): Promise<StreamReply> => ({
    errCode: 0,
    ...(await service.startTalk(callerOf(request), request.body.channelId)),
  }));

  app.get('/api/video/limits', view, async () => ({ errCode: 0, maxWindows: MAX_WINDOWS }));

  app.get<{ Querystring: Static<typeof RoleQuery> }>('/api/video/groupRoles', { config: { permission: GRANT }, schema: { querystring: RoleQuery } }, async (request) => ({
    errCode: 0,
    groupIds: await repo.groupsOfRole(ctx.db, request.query.roleId),
  }));

  app.post<{ Body: Static<typeof GrantBody> }>('/api/video/groupRoles/save', { config: { permission: GRANT }, schema: { body: GrantBody } }, async (request) => {
    if (!(await repo.roleExists(ctx.db, request.body.roleId))) throw notFound('角色不存在');
    await repo.saveGroupsOfRole(ctx.db, request.body.roleId, [...new Set(request.body.groupIds)]);
    return { errCode: 0 };
  });

  app.get<{ Querystring: Static<typeof PageQuery> }>('/api/video/viewLog', { config: { permission: 'system:log' }, schema: { querystring: PageQuery } }, async (request) => {
    const { rows, total } = await repo.viewLogPage(ctx.db, offsetOf(request.query), request.query.pageSize);
    return { errCode: 0, totalCount: total, datas: rows };
  });
}
