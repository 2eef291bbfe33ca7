import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DICTIONARIES, type DicEntrySeed } from '../db/reference/dictionaries.ts';
import type { RegionSeed } from '../db/reference/regions.ts';

/* Seed steps of issue 4; seeds/seed.ts runs each once. */

export async function seedDictionaries(trx: Transaction<Database>): Promise<void> {
  for (const type of DICTIONARIES) {
    const existing = await trx.selectFrom('sys_dic_type').select('id').where('type_code', '=', type.typeCode).executeTakeFirst();
    // An administrator may have created the type by hand before upgrading: keep theirs.
    if (existing) continue;
    const { id: typeId } = await trx
      .insertInto('sys_dic_type')
      .values({ type_code: type.typeCode, type_name: type.typeName, remark: type.remark })
      .returning('id')
      .executeTakeFirstOrThrow();
    const add = async (entries: readonly DicEntrySeed[], parentId: string | null) => {
      let order = 0;
      for (const [code, name, children] of entries) {
        const { id } = await trx
          .insertInto('sys_dic_catalog')
          .values({ type_id: typeId, parent_id: parentId, code, name, order_index: order++ })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (children) await add(children, id);
      }
    };
    await add(type.entries, null);
  }
}

export async function seedRegions(trx: Transaction<Database>): Promise<void> {
  // Loaded only when the step runs: a started server whose regions are seeded never parses the list.
  const { REGIONS } = await import('../db/reference/regions.ts');
  const rows: Array<{ code: string; name: string; parent_code: string | null; level: number }> = [];
  const walk = (items: readonly RegionSeed[], parent: string | null, level: number) => {
    for (const [code, name, children] of items) {
      rows.push({ code, name, parent_code: parent, level });
      if (children) walk(children, code, level + 1);
    }
  };
  walk(REGIONS, null, 1);
  // Parents come before their children in `rows`, so each chunk's references already exist.
  for (let i = 0; i < rows.length; i += 1000) {
    await trx
      .insertInto('sys_region')
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}

/** Two approved companies, so company pickers and company-scoped data have something to show. */
export const DEMO_COMPANIES = [
  {
    company_name: '示例化工有限公司',
    company_code: '91340500MA2DEMO01X',
    administrative_area_code: '340523',
    administrative_area_name: '安徽省马鞍山市和县',
    address: '化工园区纬一路18号',
    lat: '31.81',
    lnt: '118.46',
    industry_code: '0101',
    industry_name: '涉及重点监管危险化工工艺',
    industy_type: '化学原料和化学制品制造业',
    economic_type_code: '150',
    economic_type_name: '有限责任公司',
  },
  {
    company_name: '华中危化品储运有限公司',
    company_code: '91340500MA2DEMO02Y',
    administrative_area_code: '340523',
    administrative_area_name: '安徽省马鞍山市和县',
    address: '化工园区经三路66号',
    lat: '31.80',
    lnt: '118.47',
    industry_code: '0401',
    industry_name: '危险化学品仓库',
    industy_type: '装卸搬运和仓储业',
    economic_type_code: '160',
    economic_type_name: '股份有限公司',
  },
] as const;

export async function seedDemoCompanies(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('sys_company')
    .values(DEMO_COMPANIES.map((c) => ({ ...c, status: '1', checked_time: new Date() })))
    .onConflict((oc) => oc.column('company_code').doNothing())
    .execute();
}
