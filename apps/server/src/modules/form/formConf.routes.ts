import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { formatDateTime } from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { offsetOf, countOf } from '../../plugins/paging.ts';
import { FORM_DESIGN_PERMISSION } from './permissions.ts';
import { parseFormId } from './tableNames.ts';
import { likeContains } from '../../plugins/scope.ts';
import { announceFormChange } from './formModel.ts';

const SaveConf = Type.Object({
  formId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })])),
  formName: Type.String({ minLength: 1, maxLength: 100 }),
  formType: Type.Optional(Type.String({ maxLength: 8 })),
  groupId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' }), Type.Null()])),
});
const ListConf = Type.Object({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
  formName: Type.Optional(Type.String({ maxLength: 100 })),
  groupId: Type.Optional(Type.String({ pattern: '^[0-9]{0,16}$' })),
  status: Type.Optional(Type.String({ pattern: '^[01]?$' })),
});
const GroupBody = Type.Object({
  id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })])),
  groupName: Type.String({ minLength: 1, maxLength: 50 }),
  orderIndex: Type.Optional(Type.Integer()),
});
const IdQuery = Type.Object({ formId: Type.Optional(Type.String()), id: Type.Optional(Type.String()) });

export const NO_DESIGN = (id: string) => `表单ID(${id}): 暂未进行相关的表单设计`;

export function formConfRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const design = { permission: FORM_DESIGN_PERMISSION };

  app.post('/api/form/formconf/save', { schema: { body: SaveConf }, config: design }, async (request) => {
    const body = request.body as Static<typeof SaveConf>;
    const groupId = body.groupId ? String(body.groupId) : null;
    return db.transaction().execute(async (trx) => {
      if (body.formId) {
        const id = parseFormId(body.formId);
        const before = await trx.selectFrom('form_conf').select(['form_name', 'group_id']).where('id', '=', id).executeTakeFirst();
        if (!before) throw notFound('表单不存在');
        await trx
          .updateTable('form_conf')
          .set({ form_name: body.formName.trim(), group_id: groupId, update_time: new Date() })
          .where('id', '=', id)
          .execute();
        await announceFormChange(trx, ctx.events, ctx.forms, id);
        await writeAudit(trx, request, { action: '修改表单', targetType: 'form', targetId: id, detail: before });
        return { errCode: 0, formId: Number(id) };
      }
      const row = await trx
        .insertInto('form_conf')
        .values({
          form_name: body.formName.trim(),
          form_type: body.formType ?? '0',
          group_id: groupId,
          create_by: authOf(request).userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, request, { action: '新建表单', targetType: 'form', targetId: row.id });
      return { errCode: 0, formId: Number(row.id) };
    });
  });

  const listHandler = async (query: Static<typeof ListConf>, onlyEnabled: boolean) => {
    let base = db.selectFrom('form_conf').leftJoin('form_group', 'form_group.id', 'form_conf.group_id');
    if (query.formName) base = base.where('form_conf.form_name', 'ilike', likeContains(query.formName));
    if (query.groupId) base = base.where('form_conf.group_id', '=', query.groupId);
    if (onlyEnabled) base = base.where('form_conf.status', '=', 0);
    else if (query.status) base = base.where('form_conf.status', '=', Number(query.status));
    const [rows, total] = await Promise.all([
      base
        .select([
          'form_conf.id',
          'form_conf.form_name',
          'form_conf.form_type',
          'form_conf.group_id',
          'form_group.group_name',
          'form_conf.status',
          'form_conf.create_time',
          'form_conf.update_time',
        ])
        .select((eb) => eb('form_conf.form_meta', 'is not', null).as('designed'))
        .orderBy('form_conf.id', 'desc')
        .limit(query.pageSize)
        .offset(offsetOf(query))
        .execute(),
      countOf(base),
    ]);
    return {
      errCode: 0,
      totalCount: total,
      datas: rows.map((r) => ({
        formId: Number(r.id),
        formName: r.form_name,
        formType: r.form_type,
        groupId: r.group_id === null ? null : Number(r.group_id),
        groupName: r.group_name,
        status: r.status,
        designed: Boolean(r.designed),
        createTime: formatDateTime(r.create_time),
        updateTime: formatDateTime(r.update_time),
      })),
    };
  };

  for (const method of ['GET', 'POST'] as const) {
    const schema = method === 'GET' ? { querystring: ListConf } : { body: ListConf };
    const read = (r: { query: unknown; body: unknown }) => (method === 'GET' ? r.query : r.body) as Static<typeof ListConf>;
    app.route({ method, url: '/api/form/formconf/query', schema, config: design, handler: async (r) => listHandler(read(r), false) });
    // Forms a user may fill in: every enabled one (form-level permissions arrive with the form designer).
    app.route({ method, url: '/api/form/formconf/queryandpermission', schema, handler: async (r) => listHandler(read(r), true) });
  }

  app.get('/api/form/formconf/getbyid/:formId', async (request) => {
    const id = parseFormId((request.params as { formId: string }).formId);
    const row = await db.selectFrom('form_conf').select(['id', 'form_name', 'form_type', 'form_meta', 'status']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('表单不存在');
    if (row.form_meta === null) throw notFound(NO_DESIGN(id));
    return {
      errCode: 0,
      formConf: {
        formId: Number(row.id),
        formName: row.form_name,
        formType: row.form_type,
        status: row.status,
        formMeta: JSON.stringify(row.form_meta),
      },
    };
  });

  for (const [action, status, label] of [['enable', 0, '启用表单'], ['disable', 1, '停用表单']] as const) {
    app.route({
      method: ['GET', 'POST'],
      url: `/api/form/formconf/${action}`,
      schema: { querystring: IdQuery },
      config: { ...design, mutates: true },
      handler: async (request) => {
        const q = request.query as Static<typeof IdQuery>;
        const body = (request.body ?? {}) as { formId?: unknown };
        const id = parseFormId(q.formId ?? q.id ?? body.formId);
        await db.transaction().execute(async (trx) => {
          const r = await trx.updateTable('form_conf').set({ status, update_time: new Date() }).where('id', '=', id).executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) throw notFound('表单不存在');
          await announceFormChange(trx, ctx.events, ctx.forms, id);
          await writeAudit(trx, request, { action: label, targetType: 'form', targetId: id });
        });
        return { errCode: 0 };
      },
    });
  }

  app.post('/api/form/formgroup/insert', { schema: { body: GroupBody }, config: design }, async (request) => {
    const body = request.body as Static<typeof GroupBody>;
    return db.transaction().execute(async (trx) => {
      const dup = await trx.selectFrom('form_group').select('id').where('group_name', '=', body.groupName.trim()).executeTakeFirst();
      if (dup) throw conflict('分组名称已存在');
      const row = await trx
        .insertInto('form_group')
        .values({ group_name: body.groupName.trim(), order_index: body.orderIndex ?? 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, request, { action: '新建表单分组', targetType: 'form_group', targetId: row.id });
      return { errCode: 0, id: Number(row.id) };
    });
  });

  app.post('/api/form/formgroup/update', { schema: { body: GroupBody }, config: design }, async (request) => {
    const body = request.body as Static<typeof GroupBody>;
    if (!body.id) throw badRequest('缺少分组ID');
    const id = String(body.id);
    return db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('form_group').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw notFound('分组不存在');
      const dup = await trx
        .selectFrom('form_group')
        .select('id')
        .where('group_name', '=', body.groupName.trim())
        .where('id', '<>', id)
        .executeTakeFirst();
      if (dup) throw conflict('分组名称已存在');
      await trx
        .updateTable('form_group')
        .set({ group_name: body.groupName.trim(), order_index: body.orderIndex ?? before.order_index })
        .where('id', '=', id)
        .execute();
      await writeAudit(trx, request, { action: '修改表单分组', targetType: 'form_group', targetId: id, detail: before });
      return { errCode: 0 };
    });
  });

  app.get('/api/form/formgroup/delete', { schema: { querystring: IdQuery }, config: { ...design, mutates: true } }, async (request) => {
    const q = request.query as Static<typeof IdQuery>;
    const id = parseFormId(q.id);
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('form_group').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw notFound('分组不存在');
      // Forms keep existing without a group (the foreign key sets it null).
      await trx.deleteFrom('form_group').where('id', '=', id).execute();
      await writeAudit(trx, request, { action: '删除表单分组', targetType: 'form_group', targetId: id, detail: before });
    });
    return { errCode: 0 };
  });

  app.get('/api/form/formgroup/query', async () => {
    const rows = await db.selectFrom('form_group').selectAll().orderBy('order_index').orderBy('id').execute();
    return {
      errCode: 0,
      datas: rows.map((r) => ({ id: Number(r.id), groupName: r.group_name, orderIndex: r.order_index })),
    };
  });
}
