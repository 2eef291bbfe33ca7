import { sql, type Kysely } from 'kysely';

/*
 * Sub-table sheets in Excel imports (modules/importExport/importChildren.ts). Before the main
 * sheet is imported, the rows of the workbook's sub-table sheets are staged here; each chunk of
 * the main sheet takes its records' children from here and deletes them in its own transaction,
 * so what remains at the end is the children that were not imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('form_import_export')
    // Set with the last staged row: a run that finds it false stages the sheets again.
    .addColumn('children_staged', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('form_import_child')
    .addColumn('job_id', 'bigint', (c) => c.notNull().references('form_import_export.id').onDelete('cascade'))
    .addColumn('sub_key', 'text', (c) => c.notNull())
    // The row in the sub-table's sheet; row 1 holds the sheet's header texts.
    .addColumn('row_no', 'integer', (c) => c.notNull())
    // The parent's row in the main sheet (主表行号), null when the cell is not a row number.
    .addColumn('parent_row', 'integer')
    // The cells after 主表行号, as they will be converted (dates as text).
    .addColumn('cells', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_import_child_pk', ['job_id', 'sub_key', 'row_no'])
    .execute();
  await sql`create index form_import_child_parent_idx on form_import_child (job_id, parent_row)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_import_child').ifExists().execute();
  await db.schema.alterTable('form_import_export').dropColumn('children_staged').execute();
}
