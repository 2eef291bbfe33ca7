import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/index.ts';
import { subModel } from './formModel.ts';
import { companyOnlyScope, recordScopeFor } from './recordAccess.ts';
import { readRecord } from './recordStore.ts';

/**
 * The file module's question about a file a record holds (file/holders.ts): may this user change
 * it? By the same rule as updateformdata: the form is enabled, the user has its edit permission
 * and the record is within that permission's data scope.
 */
export async function mayEditRecordFile(
  ctx: AppContext,
  auth: AuthContext,
  ref: { form_id: string; record_id: string; sub_key: string | null },
): Promise<boolean> {
  try {
    const model = await ctx.forms.load(ctx.db, ref.form_id);
    if (model.status !== 0) return false;
    const scope = recordScopeFor(auth, ref.form_id, 'edit');
    if (!scope) return false;
    // A sub-table row is judged by its parent record.
    const parentId = ref.sub_key
      ? String((await readRecord(ctx.db, subModel(model, ref.sub_key), ref.record_id, companyOnlyScope(auth))).parent_id)
      : ref.record_id;
    await readRecord(ctx.db, model.main, parentId, scope);
    return true;
  } catch {
    // That record is gone, its form disabled or out of the user's scope.
    return false;
  }
}
