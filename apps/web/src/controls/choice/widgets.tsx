import { useQuery } from '@tanstack/react-query';
import { Cascader, Checkbox, Radio, Select, Space, Switch } from 'antd';
import { holdsList, traitsOf, type FormControl } from '@park/core';
import { get } from '../../lib/http.ts';
import type { ControlWidget, DisplayProps, EditorProps } from '../types.ts';
import {
  designOptions,
  labelOf,
  pathLabels,
  propKeys,
  remoteUrlOf,
  toChoiceOptions,
  type ChoiceOption,
} from './choiceOptions.ts';
import { choiceText, switchText } from '../common/text.ts';
import { makeTextDisplay } from '../common/TextDisplay.tsx';
import { flag, optionsOf, placeholderOf, textOf, widthStyle } from '../common/values.ts';

/** Only our own API may feed a form's options. */
export function isLocalApi(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

function listIn(reply: Record<string, unknown>): unknown {
  for (const key of ['datas', 'list', 'data', 'children']) if (Array.isArray(reply[key])) return reply[key];
  return [];
}

/** The control's options: from the design, or loaded from its remoteUrl while the form runs. */
export function useChoiceOptions(control: FormControl): ChoiceOption[] {
  const url = remoteUrlOf(control);
  const keys = propKeys(control);
  const query = useQuery({
    queryKey: ['choice-options', url],
    queryFn: async ({ signal }) =>
      toChoiceOptions(listIn(await get<Record<string, unknown>>(url!, undefined, { signal })), keys),
    enabled: url !== null && isLocalApi(url),
    staleTime: 60_000,
  });
  if (url !== null) return query.data ?? designOptions(control);
  return designOptions(control);
}

function listValue(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(textOf).filter((v) => v !== '');
  if (typeof value === 'string' && value !== '') return value.split(',');
  return [];
}

function RadioEditor({ control, value, onChange, disabled, id }: EditorProps) {
  const options = useChoiceOptions(control);
  const inline = optionsOf(control).inline === undefined || flag(optionsOf(control).inline);
  return (
    <Radio.Group id={id} value={textOf(value)} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
      <Space orientation={inline ? 'horizontal' : 'vertical'} wrap size={[16, 8]}>
        {options.map((o) => (
          <Radio key={o.value} value={o.value}>
            {o.label}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}

function CheckboxEditor({ control, value, onChange, disabled, id }: EditorProps) {
  const options = useChoiceOptions(control);
  const inline = optionsOf(control).inline === undefined || flag(optionsOf(control).inline);
  return (
    <div id={id} role="group">
      <Checkbox.Group value={listValue(value)} onChange={(v) => onChange(v.map(String))} disabled={disabled}>
        <Space orientation={inline ? 'horizontal' : 'vertical'} wrap size={[16, 8]}>
          {options.map((o) => (
            <Checkbox key={o.value} value={o.value}>
              {o.label}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    </div>
  );
}

function SelectEditor({ control, value, onChange, onBlur, disabled, id, compact }: EditorProps) {
  const options = useChoiceOptions(control);
  const many = holdsList(control);
  const o = optionsOf(control);
  return (
    <Select
      id={id}
      mode={many ? 'multiple' : undefined}
      value={many ? listValue(value) : textOf(value) || undefined}
      onChange={(v: string | string[] | undefined) => onChange(v === undefined ? (many ? [] : '') : v)}
      onBlur={onBlur}
      disabled={disabled}
      allowClear
      showSearch={flag(o.filterable) ? { optionFilterProp: 'label' } : undefined}
      placeholder={placeholderOf(control, '请选择')}
      options={options.map((x) => ({ value: x.value, label: x.label }))}
      style={widthStyle(control, compact)}
    />
  );
}

function CascadeEditor({ control, value, onChange, onBlur, disabled, id, compact }: EditorProps) {
  const options = useChoiceOptions(control);
  return (
    <Cascader
      id={id}
      value={listValue(value)}
      options={options}
      onChange={(v) => onChange(Array.isArray(v) ? v.map(String) : [])}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={placeholderOf(control, '请选择')}
      style={widthStyle(control, compact)}
      changeOnSelect={flag(optionsOf(control).checkStrictly)}
    />
  );
}

/** Labels from the loaded options, so remote options read as words too. */
function ChoiceDisplay({ control, value }: DisplayProps) {
  const options = useChoiceOptions(control);
  let shown: string;
  if (traitsOf(control).optionPath) shown = pathLabels(options, listValue(value)).join(' / ');
  else if (holdsList(control) || Array.isArray(value))
    shown = listValue(value)
      .map((v) => labelOf(options, v))
      .join('，');
  else shown = textOf(value) === '' ? '' : labelOf(options, textOf(value));
  return (
    <span className="field-display">
      {shown === '' ? <span className="field-display-empty">-</span> : shown}
    </span>
  );
}

const EDITORS = {
  radio: RadioEditor,
  checkbox: CheckboxEditor,
  select: SelectEditor,
  cascade: CascadeEditor,
} as const;

export function choiceWidget(kind: keyof typeof EDITORS): ControlWidget {
  return { frame: 'field', Editor: EDITORS[kind], Display: ChoiceDisplay, text: choiceText };
}

/** Stored '0' is on and '1' off (spec 000 §3); the editor holds a boolean, core's codec maps it. */
function SwitchEditor({ control, value, onChange, disabled, id }: EditorProps) {
  const on = value === true;
  return (
    <Space size={8}>
      <Switch id={id} checked={on} onChange={(checked) => onChange(checked)} disabled={disabled} />
      <span className="switch-text">{switchText(on, control)}</span>
    </Space>
  );
}

export function switchWidget(): ControlWidget {
  return { frame: 'field', Editor: SwitchEditor, Display: makeTextDisplay(switchText), text: switchText };
}
