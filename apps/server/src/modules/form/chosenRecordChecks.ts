import { sql, type Kysely } from 'kysely';
import { chosenCheckRefusal, chosenChecksByPicker, type StoredRow } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FormModel } from './formModel.ts';
import { loadModelFor } from './formModel.ts';
import { formTable } from './tableNames.ts';

/**
 * 关联记录校验 on save (ADR 0059): for each check of the form, the record its picker chose is read
 * here — not the copy the browser mapped into the form — and the row is refused with the check's
 * message when the comparison fails. Runs inside the save's transaction when there is one, so a
 * chosen record changed in the same transaction is seen as it is. Each refusal also names its
 * picker (errors[].model), so the form marks the field to change, as it does for field rules.
 */
export async function refuseByChosenRecords(db: Kysely<Database>, model: FormModel, row: StoredRow): Promise<void> {
  const checks = chosenChecksByPicker(model.meta);
  if (checks.length === 0) return;
  const refusals: Array<{ model: string; name: string; message: string }> = [];
  for (const { check, pickerModel, pickerName, formId } of checks) {
    const chosenId = String(row[pickerModel] ?? '').trim();
    if (!/^[1-9]\d{0,15}$/.test(chosenId)) continue;
    // The field is a column of the picked form's own design (the identifier whitelist), never raw text in SQL.
    const picked = await loadModelFor(db, formId, null);
    if (!picked.main.dataColumns.some((c) => c.name === check.field)) {
      refusals.push({ model: pickerModel, name: pickerName, message: `关联记录校验的字段 ${check.field} 不在表单「${picked.formName}」中` });
      continue;
    }
    const found = await sql<{ v: unknown }>`select ${sql.ref(check.field)} as v from ${sql.table(formTable(formId))} where id = ${chosenId}`.execute(db);
    if (found.rows.length === 0) {
      refusals.push({ model: pickerModel, name: pickerName, message: `${pickerName}所选的记录已不存在` });
      continue;
    }
    const refusal = chosenCheckRefusal(check, found.rows[0]!.v, row[check.against], pickerName);
    if (refusal) refusals.push({ model: pickerModel, name: pickerName, message: refusal });
  }
  if (refusals.length > 0) throw new AppError(400, refusals.map((r) => r.message).join('；'), 400, refusals);
}
