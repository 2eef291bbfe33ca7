import { useState } from 'react';
import { CascadePicker, Checkbox, Picker, Popup, Radio, Space, Switch, CheckList, Button } from 'antd-mobile';
import { holdsList, type FormControl } from '@park/core';
import type { MobileControl, MobileDisplayProps, MobileEditorProps } from '../types.ts';
import { PickerRow } from '../common/PickerRow.tsx';
import { textDisplay } from '../common/TextDisplay.tsx';
import { nameOf, placeholderOf, textOf } from '../common/values.ts';
import { choiceText, switchText, valuesOf, type ChoiceOption } from './options.ts';
import { useChoiceOptions } from './remoteOptions.ts';

function RadioEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const options = useChoiceOptions(control);
  return (
    <Radio.Group value={textOf(value)} onChange={(v) => onChange(String(v))} disabled={disabled}>
      <Space wrap>
        {options.map((o) => (
          <Radio key={o.value} value={o.value}>
            {o.label}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}

function CheckboxEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const options = useChoiceOptions(control);
  return (
    <Checkbox.Group value={valuesOf(value)} onChange={(v) => onChange(v.map(String))} disabled={disabled}>
      <Space wrap>
        {options.map((o) => (
          <Checkbox key={o.value} value={o.value}>
            {o.label}
          </Checkbox>
        ))}
      </Space>
    </Checkbox.Group>
  );
}

/** select: one choice from a bottom picker wheel. */
function SelectOneEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const [open, setOpen] = useState(false);
  const options = useChoiceOptions(control);
  const current = textOf(value);
  return (
    <>
      <PickerRow text={choiceText(value, control, options)} placeholder={placeholderOf(control, '请选择')} disabled={disabled} onOpen={() => setOpen(true)} />
      <Picker
        columns={[options.map((o) => ({ label: o.label, value: o.value }))]}
        visible={open}
        value={current ? [current] : []}
        title={nameOf(control)}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setOpen(false)}
        onConfirm={(v) => onChange(textOf(v[0] ?? ''))}
      />
    </>
  );
}

/** multiple_select: a checked list in a bottom sheet. */
function SelectManyEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([]);
  const options = useChoiceOptions(control);
  return (
    <>
      <PickerRow
        text={choiceText(value, control, options)}
        placeholder={placeholderOf(control, '请选择')}
        disabled={disabled}
        onOpen={() => {
          setDraft(valuesOf(value));
          setOpen(true);
        }}
      />
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="m-popup">
        <div className="m-popup-title">{nameOf(control)}</div>
        <CheckList multiple value={draft} onChange={(v) => setDraft(v.map(String))}>
          {options.map((o) => (
            <CheckList.Item key={o.value} value={o.value}>
              {o.label}
            </CheckList.Item>
          ))}
        </CheckList>
        <div className="m-popup-actions">
          <Button onClick={() => setOpen(false)}>取消</Button>
          <Button
            color="primary"
            onClick={() => {
              onChange(draft);
              setOpen(false);
            }}
          >
            确定
          </Button>
        </div>
      </Popup>
    </>
  );
}

function SelectEditor(props: MobileEditorProps) {
  return holdsList(props.control) ? <SelectManyEditor {...props} /> : <SelectOneEditor {...props} />;
}

function cascadeOptions(list: readonly ChoiceOption[]): Array<{ label: string; value: string; children?: ReturnType<typeof cascadeOptions> }> {
  return list.map((o) => (o.children ? { label: o.label, value: o.value, children: cascadeOptions(o.children) } : { label: o.label, value: o.value }));
}

/** cascade: a path through the option tree (the design's, or its remoteUrl's). */
function CascadeEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const [open, setOpen] = useState(false);
  const options = useChoiceOptions(control);
  return (
    <>
      <PickerRow text={choiceText(value, control, options)} placeholder={placeholderOf(control, '请选择')} disabled={disabled} onOpen={() => setOpen(true)} />
      <CascadePicker
        options={cascadeOptions(options)}
        visible={open}
        value={valuesOf(value)}
        title={nameOf(control)}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setOpen(false)}
        onConfirm={(v) => onChange(v.map(textOf).filter(Boolean))}
      />
    </>
  );
}

/** switch: the editor holds a boolean (core's codec stores 0 for on, 1 for off). */
function SwitchEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const on = value === true || value === 'true';
  return (
    <Space align="center">
      <Switch checked={on} disabled={disabled} onChange={(v) => onChange(v)} />
      <span>{switchText(on, control)}</span>
    </Space>
  );
}

/** The reader's labels come from the same options the editor offers (a remoteUrl's answer too). */
function ChoiceDisplay({ control, value }: MobileDisplayProps) {
  const shown = choiceText(value, control, useChoiceOptions(control));
  return <span className="m-field-display">{shown === '' ? <span className="m-field-empty">-</span> : shown}</span>;
}
const choiceDisplay = ChoiceDisplay;
const widget = (Editor: MobileControl['Editor']): MobileControl => ({ frame: 'field', Editor, Display: choiceDisplay });

export const radioWidget = () => widget(RadioEditor);
export const checkboxWidget = () => widget(CheckboxEditor);
export const selectWidget = () => widget(SelectEditor);
export const cascadeWidget = () => widget(CascadeEditor);
export const switchWidget = (): MobileControl => ({
  frame: 'field',
  Editor: SwitchEditor,
  Display: textDisplay((v: unknown, c: FormControl) => switchText(v, c)),
});
