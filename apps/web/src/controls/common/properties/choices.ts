import { flattenControls, type ControlSource } from '@park/core';
import { textOf } from './edit.ts';

/** The models of a table's controls, as choices "名称（model）". */
export function modelChoices(source: ControlSource): Array<{ value: string; label: string }> {
  return flattenControls(source)
    .filter((c) => textOf(c.model).trim() !== '')
    .map((c) => ({ value: textOf(c.model).trim(), label: `${textOf(c.name) || textOf(c.model)}（${textOf(c.model).trim()}）` }));
}
