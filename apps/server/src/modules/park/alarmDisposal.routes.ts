import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DisposalBody, disposeAlarms } from './alarmDisposal.service.ts';
import { PARK_ALARM_PERMISSION } from './permissions.ts';

/** 报警处置 (issue 23): POST /api/alarm/disposal. */
export function alarmDisposalRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post('/api/alarm/disposal', { schema: { body: DisposalBody }, config: { permission: PARK_ALARM_PERMISSION, audit: { module: '园区报警', action: '处置报警' } } }, async (request) => ({
    errCode: 0,
    handled: await disposeAlarms(db, request, request.body as DisposalBody),
  }));
}
