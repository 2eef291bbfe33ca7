/**
 * On-the-spot checks of the selected control: the same validateFormMeta the server runs on
 * saveformdesign (DESIGN §4), narrowed to the one control, so the panel and the server never
 * disagree about a model.
 */
import { validateFormMeta, type DesignError } from '../../form/designValidation.ts';
import type { FormControl, FormMeta } from '../../form/types.ts';

/** The design's problems that belong to this control (matched by key). */
export function controlDesignErrors(meta: FormMeta, control: FormControl): DesignError[] {
  const key = typeof control.key === 'string' ? control.key : '';
  if (key === '') return [];
  return validateFormMeta(meta).errors.filter((e) => e.controlKey === key);
}

/**
 * Whether a problem is about the control's storage names (model, label_model, modelExt columns,
 * a sub-table's subKey): those are shown under the 字段标识 input, the rest above the panel.
 */
export function isNameProblem(error: DesignError): boolean {
  return /字段名|子表标识/.test(error.message);
}
