import { sql, type Kysely } from 'kysely';

/*
 * Lookup data behind the pickers (issue 4): companies of the park, which enterprise registration
 * and review (issue 6) build on, and the national administrative divisions for the region tree.
 * Dictionaries use sys_dic_type / sys_dic_catalog from the admin migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('sys_company')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('company_name', 'text', (c) => c.notNull())
    // The organisation code (统一社会信用代码); also the company administrator's login name.
    .addColumn('company_code', 'text', (c) => c.notNull().unique())
    .addColumn('administrative_area_code', 'text')
    .addColumn('administrative_area_name', 'text')
    .addColumn('address', 'text')
    .addColumn('lat', 'text')
    .addColumn('lnt', 'text')
    .addColumn('industry_code', 'text')
    .addColumn('industry_name', 'text')
    // The spec's spelling, kept so the registration payload maps one to one.
    .addColumn('industy_type', 'text')
    .addColumn('economic_type_code', 'text')
    .addColumn('economic_type_name', 'text')
    // '0' 未审核, '1' 审核通过, '2' 审核不通过, '3' 已作废 (DESIGN.md §5.1).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('0').check(sql`status in ('0', '1', '2', '3')`))
    .addColumn('check_reason', 'text')
    .addColumn('checked_by', 'bigint', (c) => c.references('sys_user.id').onDelete('set null'))
    .addColumn('checked_time', 'timestamptz')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sys_company_status_idx').on('sys_company').columns(['status', 'id']).execute();

  // A company with users cannot be deleted out from under them; issue 6 decides what removal means.
  await db.schema
    .alterTable('sys_user')
    .addForeignKeyConstraint('sys_user_company_fk', ['company_id'], 'sys_company', ['id'])
    .execute();
  await db.schema.createIndex('sys_user_company_idx').on('sys_user').column('company_id').execute();

  await db.schema
    .createTable('sys_region')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_code', 'text', (c) => c.references('sys_region.code'))
    // 1 province, 2 city, 3 county.
    .addColumn('level', 'smallint', (c) => c.notNull().check(sql`level between 1 and 3`))
    .execute();
  await db.schema.createIndex('sys_region_parent_idx').on('sys_region').columns(['parent_code', 'code']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_region').ifExists().execute();
  await sql`drop index if exists sys_user_company_idx`.execute(db);
  await db.schema.alterTable('sys_user').dropConstraint('sys_user_company_fk').ifExists().execute();
  await db.schema.dropTable('sys_company').ifExists().execute();
}
