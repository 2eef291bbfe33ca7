import type { FormControl } from '@park/core';
import type { MobileDisplayProps } from '../types.ts';

/** The read-only display most controls share: their text, or a dash when empty. */
export function textDisplay(text: (value: unknown, control: FormControl) => string) {
  return function TextDisplay({ control, value }: MobileDisplayProps) {
    const shown = text(value, control);
    return <span className="m-field-display">{shown === '' ? <span className="m-field-empty">-</span> : shown}</span>;
  };
}
