import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { badRequest } from '../../plugins/errors.ts';
import { deleteHoliday, holidaysOf, saveHoliday } from './holidays.repo.ts';

/*
 * 系统管理 › 节假日 (issue 20): the calendar that approval time limits counted in working days
 * read. A day is a holiday (workday false) or a weekend made a working day (workday true); days
 * not listed follow Monday–Friday.
 */

export const HOLIDAY_PERMISSION = 'system:holiday';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SaveBody = Type.Object({ day: Type.String({ maxLength: 10 }), workday: Type.Boolean(), name: Type.Optional(Type.String({ maxLength: 50 })) });
const YearQuery = Type.Object({ year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })) });

function checkedDay(raw: unknown): string {
  const day = String(raw ?? '');
  if (!DAY.test(day) || Number.isNaN(new Date(`${day}T00:00:00Z`).getTime())) throw badRequest('日期格式应为 yyyy-MM-dd');
  return day;
}

export function holidayRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const config = { permission: HOLIDAY_PERMISSION };
  app.get('/api/system/holiday/query', { schema: { querystring: YearQuery }, config }, async (request) => {
    const year = (request.query as Static<typeof YearQuery>).year ?? new Date().getFullYear();
    return { errCode: 0, list: await holidaysOf(db, year) };
  });
  app.post('/api/system/holiday/save', { schema: { body: SaveBody }, config }, async (request) => {
    const body = request.body as Static<typeof SaveBody>;
    const day = checkedDay(body.day);
    await db.transaction().execute(async (trx) => {
      await saveHoliday(trx, { day, workday: body.workday, name: body.name?.trim() ?? '' });
      await writeAudit(trx, request, { action: '保存节假日', module: '节假日', targetType: 'sys_holiday', targetId: day });
    });
    return { errCode: 0 };
  });
  app.get('/api/system/holiday/delete', { config: { ...config, mutates: true } }, async (request) => {
    const day = checkedDay((request.query as Record<string, unknown>).day);
    await db.transaction().execute(async (trx) => {
      await deleteHoliday(trx, day);
      await writeAudit(trx, request, { action: '删除节假日', module: '节假日', targetType: 'sys_holiday', targetId: day });
    });
    return { errCode: 0 };
  });
}
