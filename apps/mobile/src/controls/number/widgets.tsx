import { useEffect, useState } from 'react';
import { Input, Slider, Stepper } from 'antd-mobile';
import type { MobileControl, MobileEditorProps } from '../types.ts';
import { plainText } from '@park/core';
import { textDisplay } from '../common/TextDisplay.tsx';
import { numberText } from './texts.ts';
import { flag, num, optionsOf, placeholderOf, textOf } from '../common/values.ts';
import { typedNumber } from './typed.ts';

function makeTypedEditor(integer: boolean, asText: boolean) {
  return function NumberEditor({ control, value, onChange, disabled }: MobileEditorProps) {
    // The text is kept while typing ("12." is not a number yet); the form gets its reading.
    const [text, setText] = useState(textOf(value));
    useEffect(() => {
      if (typedNumber(text, asText) !== value) setText(textOf(value));
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [value]);
    return (
      <Input
        value={text}
        inputMode={integer ? 'numeric' : 'decimal'}
        disabled={disabled}
        clearable
        placeholder={placeholderOf(control, '请输入')}
        onChange={(v) => {
          setText(v);
          onChange(typedNumber(v, asText));
        }}
      />
    );
  };
}

/** number (计数器): a stepper held within min/max, as the desktop's counter is. */
function CounterEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const options = optionsOf(control);
  const n = typeof value === 'number' ? value : num(value);
  return (
    <Stepper
      value={n ?? null}
      min={num(options.min)}
      max={num(options.max)}
      step={num(options.step) ?? 1}
      disabled={disabled}
      allowEmpty
      onChange={(v) => onChange(v ?? null)}
    />
  );
}

function SliderEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const options = optionsOf(control);
  const min = num(options.min) ?? 0;
  const max = num(options.max) ?? 100;
  const step = num(options.step) ?? 1;
  if (flag(options.range)) {
    const ends: [number, number] = Array.isArray(value) && value.length === 2 ? [Number(value[0]), Number(value[1])] : [min, min];
    return <Slider range min={min} max={max} step={step} value={ends} disabled={disabled} popover onChange={(v) => onChange(Array.isArray(v) ? [...v] : v)} />;
  }
  const one = typeof value === 'number' ? value : (num(value) ?? min);
  return (
    <div className="m-slider">
      <Slider min={min} max={max} step={step} value={one} disabled={disabled} popover onChange={(v) => onChange(typeof v === 'number' ? v : v[0])} />
      <span className="m-slider-value">{one}</span>
    </div>
  );
}

/** calculate_formula: read-only; the form recomputes it from its inputs on every change. */
function FormulaEditor({ control, value }: MobileEditorProps) {
  const text = plainText(value);
  return <span className={text ? 'm-field-display' : 'm-picker-placeholder'}>{text || placeholderOf(control, '自动计算')}</span>;
}

const display = textDisplay(numberText);

export const typedNumberWidget = (integer: boolean, asText = false): MobileControl => ({
  frame: 'field',
  Editor: makeTypedEditor(integer, asText),
  Display: display,
});
export const counterWidget = (): MobileControl => ({ frame: 'field', Editor: CounterEditor, Display: display });
export const sliderWidget = (): MobileControl => ({ frame: 'field', Editor: SliderEditor, Display: display });
export const formulaWidget = (): MobileControl => ({ frame: 'field', Editor: FormulaEditor, Display: display });
