import type { FormControl } from '@park/core';
import type { DisplayProps } from '../types.ts';

/** The read-only display most controls share: their text, or a dash when empty. */
export function makeTextDisplay(text: (value: unknown, control: FormControl) => string, multiline = false) {
  return function TextDisplay({ control, value }: DisplayProps) {
    const shown = text(value, control);
    return (
      <span className={multiline ? 'field-display field-display-multiline' : 'field-display'}>
        {shown === '' ? <span className="field-display-empty">-</span> : shown}
      </span>
    );
  };
}
