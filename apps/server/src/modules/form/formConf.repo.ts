import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countOf, offsetOf } from '../../plugins/paging.ts';
import { likeContains } from '../../plugins/scope.ts';

/** SQL of form_conf and form_group: the forms' names, groups, status and saved designs. */

/** One form's row; `forUpdate` locks it for a change that must see the design it replaces. */
export function findForm(db: Kysely<Database>, id: string, forUpdate = false) {
  let q = db
    .selectFrom('form_conf')
    .select(['id', 'form_name', 'form_type', 'group_id', 'status', 'design_version', 'form_meta'])
    .where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function renameForm(db: Kysely<Database>, id: string, formName: string, groupId: string | null): Promise<void> {
  await db.updateTable('form_conf').set({ form_name: formName, group_id: groupId, update_time: new Date() }).where('id', '=', id).execute();
}

export async function insertForm(db: Kysely<Database>, values: { formName: string; formType: string; groupId: string | null; createBy: string }): Promise<string> {
  const row = await db
    .insertInto('form_conf')
    .values({ form_name: values.formName, form_type: values.formType, group_id: values.groupId, create_by: values.createBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Whether a row was there to change. */
export async function setFormStatus(db: Kysely<Database>, id: string, status: number): Promise<boolean> {
  const r = await db.updateTable('form_conf').set({ status, update_time: new Date() }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface FormListFilter {
  pageNum: number;
  pageSize: number;
  formName?: string | undefined;
  /** '0': forms in no group (the 未分组 entry of form management). */
  groupId?: string | undefined;
  status?: number | undefined;
  /** Only forms with a deployed approval flow (the original's 流程表单, formType 1). */
  startable?: boolean | undefined;
  /** Only these forms (null: any). */
  formIds?: readonly string[] | null | undefined;
}

export async function listForms(db: Kysely<Database>, f: FormListFilter, withMeta = false) {
  let base = db.selectFrom('form_conf').leftJoin('form_group', 'form_group.id', 'form_conf.group_id');
  if (f.formName) base = base.where('form_conf.form_name', 'ilike', likeContains(f.formName));
  if (f.groupId === '0') base = base.where('form_conf.group_id', 'is', null);
  else if (f.groupId) base = base.where('form_conf.group_id', '=', f.groupId);
  if (f.status !== undefined) base = base.where('form_conf.status', '=', f.status);
  if (f.formIds) base = f.formIds.length === 0 ? base.where(sql<boolean>`false`) : base.where('form_conf.id', 'in', [...f.formIds]);
  if (f.startable) {
    base = base.where((eb) =>
      eb.exists(eb.selectFrom('flow_model').select('flow_model.id').whereRef('flow_model.form_id', '=', 'form_conf.id').where('flow_model.definition_id', 'is not', null)),
    );
  }
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
      .$if(withMeta, (q) => q.select('form_conf.form_meta'))
      .orderBy('form_conf.id', 'desc')
      .limit(f.pageSize)
      .offset(offsetOf(f))
      .execute(),
    countOf(base),
  ]);
  return { rows, total };
}

export function findGroup(db: Kysely<Database>, id: string) {
  return db.selectFrom('form_group').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether another group (not `exceptId`) has this name. */
export async function groupNameTaken(db: Kysely<Database>, groupName: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('form_group').select('id').where('group_name', '=', groupName);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertGroup(db: Kysely<Database>, groupName: string, orderIndex: number): Promise<string> {
  const row = await db.insertInto('form_group').values({ group_name: groupName, order_index: orderIndex }).returning('id').executeTakeFirstOrThrow();
  return String(row.id);
}

/** The id of the group of this name, made (after the others) when there is none; safe against a concurrent maker. */
export async function groupIdNamed(db: Kysely<Database>, groupName: string): Promise<string> {
  const had = await db.selectFrom('form_group').select('id').where('group_name', '=', groupName).executeTakeFirst();
  if (had) return String(had.id);
  const last = await db.selectFrom('form_group').select((eb) => eb.fn.max('order_index').as('n')).executeTakeFirst();
  await db.insertInto('form_group').values({ group_name: groupName, order_index: Number(last?.n ?? 0) + 1 }).onConflict((oc) => oc.column('group_name').doNothing()).execute();
  return String((await db.selectFrom('form_group').select('id').where('group_name', '=', groupName).executeTakeFirstOrThrow()).id);
}

export async function updateGroup(db: Kysely<Database>, id: string, groupName: string, orderIndex: number): Promise<void> {
  await db.updateTable('form_group').set({ group_name: groupName, order_index: orderIndex }).where('id', '=', id).execute();
}

/** Forms keep existing without a group (the foreign key sets it null). */
export async function deleteGroup(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('form_group').where('id', '=', id).execute();
}

export function listGroups(db: Kysely<Database>) {
  return db.selectFrom('form_group').selectAll().orderBy('order_index').orderBy('id').execute();
}

/** Stores a published design; its version counts publications (prepared statements carry it). */
export async function saveDesignText(db: Kysely<Database>, id: string, text: string): Promise<void> {
  await db.updateTable('form_conf').set({ form_meta: text, design_version: sql`design_version + 1`, update_time: new Date() }).where('id', '=', id).execute();
}
