/*
 * The demo park's forms (issue 7): 危化品目录 with a few goods, and 危化品车辆入园登记, which uses
 * every control type and two sub-tables and picks its goods from the catalogue. Both are reachable
 * from the 业务表单 menu. The designs live in @park/core, so the browser tests fill in exactly
 * what is seeded.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  HAZMAT_CATALOG_FORM_NAME,
  HAZMAT_CATALOG_ROWS,
  HAZMAT_VEHICLE_FORM_NAME,
  hazmatCatalogMeta,
  hazmatCatalogListSettings,
  hazmatVehicleDemoRows,
  hazmatVehicleListSettings,
  hazmatVehicleMeta,
  storageColumns,
  validateFormMeta,
  withOriginDefaults,
  type FormMeta,
} from '@park/core';
import type { Database } from '../db/schema.ts';
import { syncFormTables, formTable } from '../modules/form/index.ts';

async function createForm(
  trx: Transaction<Database>,
  name: string,
  meta: (id: string) => FormMeta,
  adminId: string | null,
): Promise<string> {
  const row = await trx
    .insertInto('form_conf')
    .values({ form_name: name, form_type: '0', create_by: adminId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = String(row.id);
  // With every palette option key, as a design saved by the designer has them (issue 44).
  const design = withOriginDefaults(meta(id));
  const check = validateFormMeta(design);
  if (!check.ok) throw new Error(`演示表单 ${name} 的设计有误：${check.errors[0]?.message}`);
  await syncFormTables(trx as unknown as Kysely<unknown>, id, storageColumns(design));
  await trx
    .updateTable('form_conf')
    .set({ form_meta: JSON.stringify(design), design_version: sql`design_version + 1` })
    .where('id', '=', id)
    .execute();
  return id;
}

/** Returns the two form ids, so the caller can hang menus on them. */
export async function seedDemoForms(
  trx: Transaction<Database>,
): Promise<{ catalogId: string; vehicleId: string }> {
  const admin = await trx
    .selectFrom('sys_user')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirst();
  const adminId = admin ? String(admin.id) : null;
  const catalogId = await createForm(trx, HAZMAT_CATALOG_FORM_NAME, () => hazmatCatalogMeta(), adminId);
  const db = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const row of HAZMAT_CATALOG_ROWS) {
    await db
      .insertInto(formTable(catalogId))
      .values({ ...row, create_by: adminId, update_by: adminId })
      .execute();
  }
  const vehicleId = await createForm(
    trx,
    HAZMAT_VEHICLE_FORM_NAME,
    () => hazmatVehicleMeta(catalogId),
    adminId,
  );
  return { catalogId, vehicleId };
}

async function formIdByName(trx: Transaction<Database>, name: string): Promise<string | null> {
  const row = await trx
    .selectFrom('form_conf')
    .select('id')
    .where('form_name', '=', name)
    .orderBy('id')
    .executeTakeFirst();
  return row ? String(row.id) : null;
}

/** Sets a design's sensorSettings unless someone has configured the list page already. */
async function setListSettings(trx: Transaction<Database>, formId: string, settings: FormMeta['sensorSettings']): Promise<void> {
  const row = await trx.selectFrom('form_conf').select('form_meta').where('id', '=', formId).executeTakeFirst();
  const meta = row?.form_meta as FormMeta | null | undefined;
  if (!meta || meta.sensorSettings) return;
  await trx
    .updateTable('form_conf')
    .set({ form_meta: JSON.stringify(withOriginDefaults({ ...meta, sensorSettings: settings })), design_version: sql`design_version + 1` })
    .where('id', '=', formId)
    .execute();
}

/**
 * Issue 8: the demo forms' list pages (query conditions, result columns, buttons, a dialog jump
 * and a new-window jump) and a few registered vehicles to list. A step of its own, so a data
 * directory seeded before it gets the same list pages as a fresh one.
 */
export async function seedDemoListPages(trx: Transaction<Database>): Promise<void> {
  const catalogId = await formIdByName(trx, HAZMAT_CATALOG_FORM_NAME);
  const vehicleId = await formIdByName(trx, HAZMAT_VEHICLE_FORM_NAME);
  if (catalogId) await setListSettings(trx, catalogId, hazmatCatalogListSettings());
  if (!catalogId || !vehicleId) return;
  await setListSettings(trx, vehicleId, hazmatVehicleListSettings(vehicleId, catalogId));

  const db = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const table = formTable(vehicleId);
  const existing = await db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return;
  const admin = await trx.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirst();
  const orgs = await trx
    .selectFrom('sys_org')
    .select(['id', 'org_name'])
    .where('parent_id', 'is not', null)
    .orderBy('order_index')
    .limit(6)
    .execute();
  const conf = await trx.selectFrom('form_conf').select('form_meta').where('id', '=', vehicleId).executeTakeFirstOrThrow();
  // Only columns the design really has: a design edited since the first seed may have dropped some.
  const columns = new Set(storageColumns(conf.form_meta as FormMeta).main.map((c) => c.name));
  const adminId = admin ? String(admin.id) : null;
  for (const row of hazmatVehicleDemoRows(orgs.map((o) => ({ id: String(o.id), name: o.org_name })))) {
    const values = Object.fromEntries(Object.entries(row).filter(([k]) => columns.has(k)));
    await db
      .insertInto(table)
      .values({ ...values, create_by: adminId, update_by: adminId })
      .execute();
  }
}
