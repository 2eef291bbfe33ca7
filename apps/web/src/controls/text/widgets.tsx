import { Input } from 'antd';
import type { FormControl } from '@park/core';
import type { ControlWidget, EditorProps } from '../types.ts';
import { plainText } from '../common/text.ts';
import { makeTextDisplay } from '../common/TextDisplay.tsx';
import { num, optionsOf, placeholderOf, textOf, widthStyle } from '../common/values.ts';

const DEFAULT_ROWS = 5;

function TextEditor({ control, value, onChange, onBlur, disabled, id, compact }: EditorProps) {
  return (
    <Input
      id={id}
      value={textOf(value)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={placeholderOf(control, '请输入')}
      style={widthStyle(control, compact)}
      allowClear={!disabled}
    />
  );
}

function TextareaEditor({ control, value, onChange, onBlur, disabled, id, compact }: EditorProps) {
  return (
    <Input.TextArea
      id={id}
      value={textOf(value)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={placeholderOf(control, '请输入')}
      rows={compact ? 1 : (num(optionsOf(control).rows) ?? DEFAULT_ROWS)}
      autoSize={compact ? { minRows: 1, maxRows: 3 } : undefined}
      style={widthStyle(control, compact)}
    />
  );
}

const text = (value: unknown, _control: FormControl) => plainText(value);

/** input and the typed inputs (mobile, tel, mail, postal, website): their format is core's check. */
export function textWidget(): ControlWidget {
  return { frame: 'field', Editor: TextEditor, Display: makeTextDisplay(text), text };
}

/** textarea: 5 rows unless the design says otherwise (spec 000 §9). */
export function textareaWidget(): ControlWidget {
  return { frame: 'field', Editor: TextareaEditor, Display: makeTextDisplay(text, true), text };
}
