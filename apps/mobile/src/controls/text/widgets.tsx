import { Input, TextArea } from 'antd-mobile';
import type { MobileControl, MobileEditorProps } from '../types.ts';
import { plainText } from '@park/core';
import { textDisplay } from '../common/TextDisplay.tsx';
import { num, optionsOf, placeholderOf, textOf } from '../common/values.ts';

/** The keyboard a typed input asks the phone for. */
const INPUT_MODES: Record<string, 'tel' | 'email' | 'url' | 'numeric' | 'text'> = {
  input_mobile: 'tel',
  input_tel: 'tel',
  input_mail: 'email',
  input_website: 'url',
  input_postal: 'numeric',
};

function TextEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const max = num(optionsOf(control).maxlength);
  return (
    <Input
      value={textOf(value)}
      onChange={(v) => onChange(v)}
      disabled={disabled}
      clearable
      maxLength={max}
      inputMode={INPUT_MODES[String(control.type)] ?? 'text'}
      placeholder={placeholderOf(control, '请输入')}
    />
  );
}

function TextareaEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  return (
    <TextArea
      value={textOf(value)}
      onChange={(v) => onChange(v)}
      disabled={disabled}
      rows={5}
      autoSize={{ minRows: 3, maxRows: 8 }}
      placeholder={placeholderOf(control, '请输入')}
    />
  );
}

export const textWidget = (): MobileControl => ({ frame: 'field', Editor: TextEditor, Display: textDisplay(plainText) });
export const textareaWidget = (): MobileControl => ({ frame: 'field', Editor: TextareaEditor, Display: textDisplay(plainText) });
