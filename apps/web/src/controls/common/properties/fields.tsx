/**
 * Small bound inputs: one option of the control, one label. Sections are lists of these, so each
 * option the runtime honours is one line of a section, and the panel stays compact.
 */
import type { ReactNode } from 'react';
import { Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import type { FormControl } from '@park/core';
import { flagOf, numberOf, optionsOf, textOf, withOption } from './edit.ts';

interface Bound {
  control: FormControl;
  onChange: (next: FormControl) => void;
  /** The option's name in control.options. */
  name: string;
  label: ReactNode;
  help?: ReactNode;
}

export function OptionText({ control, onChange, name, label, help, placeholder }: Bound & { placeholder?: string }) {
  return (
    <Form.Item label={label} help={help}>
      <Input
        aria-label={typeof label === 'string' ? label : name}
        value={textOf(optionsOf(control)[name])}
        placeholder={placeholder}
        onChange={(e) => onChange(withOption(control, name, e.target.value))}
      />
    </Form.Item>
  );
}

export function OptionNumber({
  control,
  onChange,
  name,
  label,
  help,
  min,
  max,
  step,
  precision,
  placeholder,
}: Bound & { min?: number; max?: number; step?: number; precision?: number; placeholder?: string }) {
  return (
    <Form.Item label={label} help={help}>
      <InputNumber
        aria-label={typeof label === 'string' ? label : name}
        value={numberOf(optionsOf(control)[name])}
        min={min}
        max={max}
        step={step}
        precision={precision}
        placeholder={placeholder}
        style={{ width: '100%' }}
        onChange={(v) => onChange(withOption(control, name, v === null ? '' : v))}
      />
    </Form.Item>
  );
}

/** A flag; `fallback` is what the runtime assumes when the design leaves the option out. */
export function OptionSwitch({ control, onChange, name, label, help, fallback = false }: Bound & { fallback?: boolean }) {
  const raw = optionsOf(control)[name];
  return (
    <Form.Item label={label} help={help} layout="horizontal" className="props-switch">
      <Switch
        size="small"
        aria-label={typeof label === 'string' ? label : name}
        checked={raw === undefined ? fallback : flagOf(raw)}
        onChange={(checked) => onChange(withOption(control, name, checked))}
      />
    </Form.Item>
  );
}

export function OptionSelect({
  control,
  onChange,
  name,
  label,
  help,
  choices,
  fallback,
  radio,
}: Bound & { choices: ReadonlyArray<{ value: string; label: string }>; fallback?: string; radio?: boolean }) {
  const value = textOf(optionsOf(control)[name]) || fallback;
  const set = (v: string) => onChange(withOption(control, name, v));
  return (
    <Form.Item label={label} help={help}>
      {radio ? (
        <Radio.Group
          size="small"
          optionType="button"
          value={value}
          options={choices.map((c) => ({ value: c.value, label: c.label }))}
          onChange={(e) => set(String(e.target.value))}
        />
      ) : (
        <Select
          aria-label={typeof label === 'string' ? label : name}
          value={value}
          options={choices.map((c) => ({ value: c.value, label: c.label }))}
          onChange={set}
        />
      )}
    </Form.Item>
  );
}
