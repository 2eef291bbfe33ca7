import type { FormAction } from '../admin/formAccess.ts';
import type { FunctionAction, RowAction } from './settings.ts';

/*
 * The record permission each list-page button needs (issue 15): a button the user may not use is
 * not shown. A custom button only jumps to a page, which checks its own calls.
 */
export const FUNCTION_BUTTON_NEEDS: Record<FunctionAction, FormAction | null> = {
  add: 'add',
  delete: 'delete',
  import: 'import',
  export: 'export',
  custom: null,
};

export const ROW_BUTTON_NEEDS: Record<RowAction, FormAction | null> = {
  edit: 'edit',
  delete: 'delete',
  view: 'view',
  custom: null,
};

export function buttonAllowed(needs: FormAction | null, allowed: ReadonlySet<FormAction>): boolean {
  return needs === null || allowed.has(needs);
}
