import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { TRACK_MINUTES, TRACK_MINUTES_MAX } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { offsetOf } from '../../../plugins/paging.ts';
import { PARK_VIEW_PERMISSION } from '../permissions.ts';
import { COMMAND_KINDS, ConsoleService, type CommandKind } from './service.ts';

const TracksQuery = Type.Object({ minutes: Type.Integer({ minimum: 1, maximum: TRACK_MINUTES_MAX, default: TRACK_MINUTES }) });
const PointQuery = Type.Object({ lat: Type.Number({ minimum: -90, maximum: 90 }), lng: Type.Number({ minimum: -180, maximum: 180 }) });
const Page = {
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
};
const LogQuery = Type.Object({ ...Page, kind: Type.Optional(Type.Union((Object.keys(COMMAND_KINDS) as CommandKind[]).map((k) => Type.Literal(k)))) });
const WhiteQuery = Type.Object({ ...Page, plate: Type.Optional(Type.String({ maxLength: 20 })) });

/** /api/park/console/*: what the console's map and screens need beyond the catalogue (issue 24). */
export function consoleRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const service = new ConsoleService(db);
  const view = { permission: PARK_VIEW_PERMISSION, readOnly: true };

  app.get('/api/park/console/map', { config: view }, () => service.map());

  app.get('/api/park/console/tracks', { schema: { querystring: TracksQuery }, config: view }, (request) =>
    service.tracks((request.query as Static<typeof TracksQuery>).minutes),
  );

  app.get('/api/park/console/evacuation', { schema: { querystring: PointQuery }, config: view }, (request) => {
    const q = request.query as Static<typeof PointQuery>;
    return service.evacuation([q.lng, q.lat]);
  });

  app.get('/api/park/console/commandLog', { schema: { querystring: LogQuery }, config: view }, async (request) => {
    const q = request.query as Static<typeof LogQuery>;
    return { errCode: 0, ...(await service.commandLog(q.kind, q.pageSize, offsetOf(q))) };
  });

  app.get('/api/park/console/whiteList', { schema: { querystring: WhiteQuery }, config: view }, async (request) => {
    const q = request.query as Static<typeof WhiteQuery>;
    return { errCode: 0, ...(await service.whiteList(q.plate?.trim().toUpperCase() || null, q.pageSize, offsetOf(q))) };
  });
}
