import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { formatDateTime, withSensorSettingsV2, type FormMeta } from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { offsetOf, countOf } from '../../plugins/paging.ts';
import { FORM_DESIGN_PERMISSION } from './permissions.ts';
import { parseFormId } from './tableNames.ts';
import { likeContains } from '../../plugins/scope.ts';
import { announceFormChange } from './formModel.ts';
import { copyForm, dropEmptyForm, lockAndCheckData } from './formLifecycle.ts';
import type { Database } from '../../db/schema.ts';

const SaveConf = Type.Object({
  formId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })])),
  formName: Type.String({ minLength: 1, maxLength: 100 }),
  formType: Type.Optional(Type.String({ maxLength: 8 })),
  // Null first: with type coercion on, a later branch would turn null into 0 or "" before Null is tried.
  groupId: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })])),
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
const IdBody = Type.Object({ formId: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })]) });
const IdQuery = Type.Object({ formId: Type.Optional(Type.String()), id: Type.Optional(Type.String()) });

const CopyConf = Type.Object({
  formId: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })]),
  formName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  groupId: SaveConf.properties.groupId,
});

/** A name, trimmed; blank is refused (the schema only counts characters). */
function filled(raw: string, message = '请输入表单名称'): string {
  const name = raw.trim();
  if (!name) throw badRequest(message);
  return name;
}

/** undefined: not given (keep); null: no group. */
function groupOf(raw: Static<typeof SaveConf>['groupId']): string | null | undefined {
  if (raw === undefined) return undefined;
  return raw === null ? null : String(raw);
}

/** Why a delete became a disable; shown to the administrator as it stands. */
export const HAS_DATA = (name: string) =>
  `表单「${name}」中已有数据，不能删除，已将其停用。停用后不能再新增数据，已有数据仍保留；如需删除，请先清空该表单的全部数据。`;

async function assertGroup(trx: Kysely<Database>, groupId: string): Promise<void> {
  const found = await trx.selectFrom('form_group').select('id').where('id', '=', groupId).executeTakeFirst();
  if (!found) throw badRequest('分组不存在，请刷新后重试');
}

export const NO_DESIGN = (id: string) => `表单ID(${id}): 暂未进行相关的表单设计`;

export function formConfRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const design = { permission: FORM_DESIGN_PERMISSION };

  app.post('/api/form/formconf/save', { schema: { body: SaveConf }, config: design }, async (request) => {
    const body = request.body as Static<typeof SaveConf>;
    const formName = filled(body.formName);
    const groupId = groupOf(body.groupId);
    return db.transaction().execute(async (trx) => {
      if (groupId) await assertGroup(trx, groupId);
      if (body.formId) {
        // Also the rename of form management: a call without groupId keeps the form's group.
        const id = parseFormId(body.formId);
        const before = await trx.selectFrom('form_conf').select(['form_name', 'group_id']).where('id', '=', id).executeTakeFirst();
        if (!before) throw notFound('表单不存在');
        await trx
          .updateTable('form_conf')
          .set({ form_name: formName, group_id: groupId === undefined ? before.group_id : groupId, update_time: new Date() })
          .where('id', '=', id)
          .execute();
        await announceFormChange(trx, ctx.events, ctx.forms, id);
        await writeAudit(trx, request, { action: '修改表单', targetType: 'form', targetId: id, detail: before });
        return { errCode: 0, formId: Number(id) };
      }
      const row = await trx
        .insertInto('form_conf')
        .values({
          form_name: formName,
          form_type: body.formType ?? '0',
          group_id: groupId ?? null,
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
    // groupId 0 is the 未分组 entry of form management: forms in no group.
    if (query.groupId === '0') base = base.where('form_conf.group_id', 'is', null);
    else if (query.groupId) base = base.where('form_conf.group_id', '=', query.groupId);
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
        // Designs saved before the V2 layout existed get theirs derived here (spec 002 §4).
        formMeta: JSON.stringify(withSensorSettingsV2(row.form_meta as FormMeta)),
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

  app.post('/api/form/formconf/copy', { schema: { body: CopyConf }, config: design }, async (request) => {
    const body = request.body as Static<typeof CopyConf>;
    const sourceId = parseFormId(body.formId);
    const groupId = groupOf(body.groupId);
    return db.transaction().execute(async (trx) => {
      // Locked so that the design copied is one whole saved design, not one being replaced.
      const source = await trx.selectFrom('form_conf').select('form_name').where('id', '=', sourceId).forUpdate().executeTakeFirst();
      if (!source) throw notFound('表单不存在');
      if (groupId) await assertGroup(trx, groupId);
      const name = body.formName === undefined ? `${source.form_name}-副本`.slice(0, 100) : filled(body.formName);
      const copy = await copyForm(trx, sourceId, name, groupId, authOf(request));
      await writeAudit(trx, request, {
        action: '复制表单',
        targetType: 'form',
        targetId: copy.formId,
        detail: { sourceId, createdTables: copy.report?.createdTables ?? [] },
      });
      return { errCode: 0, formId: Number(copy.formId), formName: name };
    });
  });

  /*
   * Deletes an empty form with its tables. A form holding records is disabled instead and the
   * reply says so (errCode 0, deleted false): its data is never dropped from here.
   */
  app.post('/api/form/formconf/delete', { schema: { body: IdBody }, config: design }, async (request) => {
    const id = parseFormId((request.body as Static<typeof IdBody>).formId);
    const reply = await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('form_conf').select(['form_name', 'status', 'group_id']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw notFound('表单不存在');
      if (await lockAndCheckData(trx, id)) {
        if (before.status !== 1) await trx.updateTable('form_conf').set({ status: 1, update_time: new Date() }).where('id', '=', id).execute();
        await announceFormChange(trx, ctx.events, ctx.forms, id);
        await writeAudit(trx, request, { action: '停用表单（有数据不能删除）', targetType: 'form', targetId: id, detail: before });
        return { errCode: 0, deleted: false as const, status: 1, message: HAS_DATA(before.form_name) };
      }
      const dropped = await dropEmptyForm(trx, id);
      await announceFormChange(trx, ctx.events, ctx.forms, id);
      // Sessions cache their menus; every instance drops them when a menu goes (as deleteMenu does).
      if (dropped.removedMenus.length > 0) await ctx.events.publish(trx, { kind: 'user', id: '*' });
      await writeAudit(trx, request, { action: '删除表单', targetType: 'form', targetId: id, detail: { ...before, ...dropped } });
      return { errCode: 0, deleted: true as const, removedMenus: dropped.removedMenus, message: '表单已删除' };
    });
    if (reply.deleted && reply.removedMenus.length > 0) ctx.events.deliver({ kind: 'user', id: '*' });
    return reply;
  });

  app.post('/api/form/formgroup/insert', { schema: { body: GroupBody }, config: design }, async (request) => {
    const body = request.body as Static<typeof GroupBody>;
    const groupName = filled(body.groupName, '请输入分组名称');
    return db.transaction().execute(async (trx) => {
      const dup = await trx.selectFrom('form_group').select('id').where('group_name', '=', groupName).executeTakeFirst();
      if (dup) throw conflict('分组名称已存在');
      const row = await trx
        .insertInto('form_group')
        .values({ group_name: groupName, order_index: body.orderIndex ?? 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, request, { action: '新建表单分组', targetType: 'form_group', targetId: row.id });
      return { errCode: 0, id: Number(row.id) };
    });
  });

  app.post('/api/form/formgroup/update', { schema: { body: GroupBody }, config: design }, async (request) => {
    const body = request.body as Static<typeof GroupBody>;
    const groupName = filled(body.groupName, '请输入分组名称');
    if (!body.id) throw badRequest('缺少分组ID');
    const id = String(body.id);
    return db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('form_group').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw notFound('分组不存在');
      const dup = await trx
        .selectFrom('form_group')
        .select('id')
        .where('group_name', '=', groupName)
        .where('id', '<>', id)
        .executeTakeFirst();
      if (dup) throw conflict('分组名称已存在');
      await trx
        .updateTable('form_group')
        .set({ group_name: groupName, order_index: body.orderIndex ?? before.order_index })
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
