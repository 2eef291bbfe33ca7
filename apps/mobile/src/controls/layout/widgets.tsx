import type { FormControl } from '@park/core';
import type { MobileControl, MobileDisplayProps, MobileEditorProps } from '../types.ts';
import { isObject } from '../common/values.ts';
import { fixedText } from './texts.ts';

/** text (文字): the designer's words, the same in every mode. */
function FixedText({ control }: MobileEditorProps | MobileDisplayProps) {
  return <div className="m-fixed-text">{fixedText(null, control)}</div>;
}

const Nothing = () => null;

/** grid: on a phone its columns stack, one control under another, in design order. */
function Grid({ control, ctx }: MobileEditorProps | MobileDisplayProps) {
  const columns = Array.isArray(control.columns) ? control.columns.filter(isObject) : [];
  return <>{columns.map((col) => ctx.renderControls(Array.isArray(col.list) ? (col.list as FormControl[]) : []))}</>;
}

export const fixedTextWidget = (): MobileControl => ({ frame: 'bare', Editor: FixedText, Display: FixedText });
export const blankWidget = (): MobileControl => ({ frame: 'bare', Editor: Nothing, Display: Nothing });
export const gridWidget = (): MobileControl => ({ frame: 'container', Editor: Grid, Display: Grid });
