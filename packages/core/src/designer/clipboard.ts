import { validateFormMeta } from '../form/designValidation.ts';
import { isRecord } from '../form/lib/values.ts';
import { isControlType } from '../form/registry.ts';
import type { FormControl } from '../form/types.ts';

/*
 * A control on the system clipboard, so it can be pasted into another form's designer, in
 * another tab: JSON text with a marker. The text arrives from outside the page, so it is checked
 * as a design would be before anything takes it.
 */

const MARKER = 'parkFormControl';
/** More than any real control (a sub-table of fifty columns is about 40 KB). */
const MAX_TEXT = 512 * 1024;

export function controlToClipboardText(control: FormControl): string {
  return JSON.stringify({ [MARKER]: 1, control });
}

/** The control the text carries, or null when it is not one (any other text, or a broken one). */
export function controlFromClipboardText(text: string): FormControl | null {
  if (text.length > MAX_TEXT || !text.includes(MARKER)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed[MARKER] !== 1 || !isRecord(parsed.control)) return null;
  const control = parsed.control as FormControl;
  if (!isControlType(control.type)) return null;
  return validateFormMeta({ list: [control], config: {} }).ok ? control : null;
}
