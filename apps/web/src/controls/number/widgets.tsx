import { Input, InputNumber, Slider, Space } from 'antd';
import type { FormControl } from '@park/core';
import type { ControlWidget, EditorProps } from '../types.ts';
import { numberText, plainText } from '../common/text.ts';
import { makeTextDisplay } from '../common/TextDisplay.tsx';
import { flag, num, optionsOf, placeholderOf, widthStyle } from '../common/values.ts';

export interface NumberEditorKind {
  /** The counter clamps to min/max itself; the typed numbers leave the range to validation. */
  clamps?: boolean;
  integer?: boolean;
  /** Values beyond 2^53 stay text. */
  asText?: boolean;
}

function numericValue(value: unknown): number | string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') return value;
  return null;
}

function makeNumberEditor(kind: NumberEditorKind) {
  return function NumberEditor({ control, value, onChange, onBlur, disabled, id, compact }: EditorProps) {
    const options = optionsOf(control);
    const step = num(options.step) ?? 1;
    const bounds = kind.clamps ? { min: num(options.min), max: num(options.max) } : {};
    return (
      <InputNumber<number | string>
        id={id}
        value={numericValue(value)}
        onChange={(v) => onChange(v === null || v === '' ? null : v)}
        onBlur={onBlur}
        disabled={disabled}
        step={step}
        precision={kind.integer ? 0 : undefined}
        stringMode={kind.asText}
        placeholder={placeholderOf(control, '请输入')}
        style={widthStyle(control, compact)}
        {...bounds}
      />
    );
  };
}

export function numberWidget(kind: NumberEditorKind): ControlWidget {
  return {
    frame: 'field',
    Editor: makeNumberEditor(kind),
    Display: makeTextDisplay(numberText),
    text: numberText,
  };
}

function SliderEditor({ control, value, onChange, disabled, id }: EditorProps) {
  const options = optionsOf(control);
  const min = num(options.min) ?? 0;
  const max = num(options.max) ?? 100;
  const step = num(options.step) ?? 1;
  const range = flag(options.range);
  if (range) {
    const ends =
      Array.isArray(value) && value.length === 2 ? (value.map(Number) as [number, number]) : [min, min];
    return (
      <Slider
        id={id}
        range
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        value={ends as [number, number]}
        onChange={(v: number[]) => onChange(v)}
      />
    );
  }
  const one =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : null;
  const slider = (
    <Slider
      id={flag(options.showInput) ? undefined : id}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      value={one ?? min}
      onChange={(v: number) => onChange(v)}
      style={{ flex: 1, minWidth: 120 }}
    />
  );
  if (!flag(options.showInput)) return slider;
  return (
    <Space.Compact block style={{ alignItems: 'center', gap: 16 }}>
      {slider}
      <InputNumber
        id={id}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        value={one}
        onChange={(v) => onChange(v ?? null)}
        style={{ width: 96 }}
      />
    </Space.Compact>
  );
}

export function sliderWidget(): ControlWidget {
  return { frame: 'field', Editor: SliderEditor, Display: makeTextDisplay(numberText), text: numberText };
}

/** calculate_formula: read-only; the form recomputes it from its inputs on every change. */
function FormulaEditor({ control, value, id, compact }: EditorProps) {
  return (
    <Input
      id={id}
      readOnly
      value={plainText(value)}
      placeholder={placeholderOf(control, '自动计算')}
      style={widthStyle(control, compact)}
      className="formula-input"
    />
  );
}

const formulaText = (value: unknown, _control: FormControl) => plainText(value);

export function formulaWidget(): ControlWidget {
  return { frame: 'field', Editor: FormulaEditor, Display: makeTextDisplay(formulaText), text: formulaText };
}
