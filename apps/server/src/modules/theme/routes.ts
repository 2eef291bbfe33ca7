import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { cleanThemeMeta, isThemeType, THEME_TEXT, THEME_TYPE_ALL, themeProblem, type ThemeType } from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { allows, isParkUser } from '../../plugins/authContext.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { deleteTheme, findTheme, insertTheme, pageThemes } from './repo.ts';

/** The 主题 screen's code; designers (form:design, report:design) may also save themes. */
export const THEME_PERMISSION = 'system:theme';
const SAVERS = [THEME_PERMISSION, 'form:design', 'report:design'];

const IdParam = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,15}$' }) });
const ListQuery = Type.Object({
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: THEME_TYPE_ALL })),
});
const AddBody = Type.Object({
  themeName: Type.String({ maxLength: 200 }),
  type: Type.Integer(),
  themeMeta: Type.Record(Type.String({ maxLength: 40 }), Type.Unknown(), { maxProperties: 20 }),
});

/*
 * 主题 (screens-round3 §5.1): the catalogue's calls. Every signed-in user reads themes (a form is
 * drawn with its theme wherever it is filled in); saving needs a designer's or the screen's code.
 */
export function themeCatalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/theme/queryThemeByType', { schema: { querystring: ListQuery } }, async (request) => {
    const q = request.query as Static<typeof ListQuery>;
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const type = isThemeType(q.type) ? q.type : undefined;
    const { rows, total } = await pageThemes(db, type, (pageNum - 1) * pageSize, pageSize);
    return {
      errCode: 0,
      totalCount: total,
      datas: rows.map((r) => ({ id: Number(r.id), themeName: r.theme_name, type: r.type, themeMeta: JSON.stringify(r.meta), createTime: r.create_time })),
    };
  });

  // The original parses themeMeta with JSON.parse: it is answered as text.
  app.get('/api/theme/queryThemeMeta/:id', { schema: { params: IdParam } }, async (request) => {
    const theme = await findTheme(db, (request.params as Static<typeof IdParam>).id);
    if (!theme) throw notFound('主题不存在或已被删除');
    return { errCode: 0, id: Number(theme.id), themeName: theme.theme_name, type: theme.type, themeMeta: JSON.stringify(theme.meta) };
  });

  app.post('/api/theme/addTheme', { schema: { body: AddBody }, config: { audit: { module: '主题', action: '新增主题' } } }, async (request) => {
    const auth = authOf(request);
    // Themes are the park's rows, shared by every form: a tenant (even a designer) never writes them.
    if (!isParkUser(auth) || !SAVERS.some((code) => allows(auth.permissions, code))) throw forbidden();
    const body = request.body as Static<typeof AddBody>;
    const problem = themeProblem(body.themeName, body.type, body.themeMeta);
    if (problem) throw badRequest(problem);
    const id = await db.transaction().execute(async (trx) => {
      const made = await insertTheme(trx, body.themeName.trim(), body.type as ThemeType, cleanThemeMeta(body.themeMeta));
      if (made === null) throw conflict(THEME_TEXT.nameTaken);
      await writeAudit(trx, request, { module: '主题', action: '新增主题', targetType: 'sys_theme', targetId: made, detail: { themeName: body.themeName.trim(), type: body.type } });
      return made;
    });
    return { errCode: 0, errMsg: THEME_TEXT.saved, id: Number(id) };
  });

  app.post('/api/theme/deleteTheme/:id', { schema: { params: IdParam }, config: { permission: THEME_PERMISSION, audit: { module: '主题', action: '删除主题' } } }, async (request) => {
    if (!isParkUser(authOf(request))) throw forbidden();
    const { id } = request.params as Static<typeof IdParam>;
    await db.transaction().execute(async (trx) => {
      if (!(await deleteTheme(trx, id))) throw notFound('主题不存在或已被删除');
      await writeAudit(trx, request, { module: '主题', action: '删除主题', targetType: 'sys_theme', targetId: id });
    });
    return { errCode: 0, errMsg: THEME_TEXT.deleted };
  });
}
