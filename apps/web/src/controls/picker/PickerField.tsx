import { useMemo, useState } from 'react';
import { App, Button, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import {
  readMultiPicker,
  readPicker,
  traitsOf,
  type FormControl,
  type MultiPickerItem,
  type PickerValue,
} from '@park/core';
import type { ControlWidget, EditorProps } from '../types.ts';
import { multiPickerText, pickerText } from '../common/text.ts';
import { makeTextDisplay } from '../common/TextDisplay.tsx';
import { modelOf, nameOf, optionsOf, placeholderOf, textOf, widthStyle } from '../common/values.ts';
import { MultiPickerBox } from './MultiPickerBox.tsx';
import { PickerDialog } from './PickerDialog.tsx';
import { mapsMappingOf, pickerKindOf, pickerSource, type PickerRecord } from './sources.ts';

function titleOf(control: FormControl): string {
  const maps = optionsOf(control).maps;
  const mapsTitle =
    maps && typeof maps === 'object' && !Array.isArray(maps)
      ? textOf((maps as Record<string, unknown>).title)
      : '';
  const own = textOf(control.title);
  return `${mapsTitle && mapsTitle !== '选择' ? mapsTitle : '选择'}${own || nameOf(control)}`.replace(
    /^选择选择/,
    '选择',
  );
}

/** company_select is locked to the user's own company for company administrators (spec 000 §6). */
function lockedFor(control: FormControl, userType: unknown): boolean {
  return traitsOf(control).ownCompany && String(userType) === '1';
}

function usePickerDialog(
  props: EditorProps,
  multiple: boolean,
  initial: MultiPickerItem[],
  apply: (records: PickerRecord[]) => void,
) {
  const { message } = App.useApp();
  const { control, ctx } = props;
  const [open, setOpen] = useState(false);
  const kind = pickerKindOf(control.type);
  const result = pickerSource(kind, { control, formId: ctx.formId, getValue: ctx.getValue });
  const show = () => {
    if (!result.ok) {
      void message.warning(result.warning);
      return;
    }
    setOpen(true);
  };
  const dialog =
    result.ok && open ? (
      <PickerDialog
        open
        title={titleOf(control)}
        cacheKey={`${ctx.formId ?? ''}:${ctx.subKey ?? ''}:${textOf(control.key) || modelOf(control)}:${control.type}`}
        source={result.source}
        orgFilter={result.orgFilter}
        multiple={multiple}
        initial={initial}
        onCancel={() => setOpen(false)}
        onOk={(records) => {
          apply(records);
          setOpen(false);
        }}
      />
    ) : null;
  return { show, dialog };
}

function SinglePickerEditor(props: EditorProps) {
  const { control, value, onChange, onBlur, disabled, id, compact, ctx } = props;
  const reading = readPicker(value, control);
  const current: PickerValue | null = reading.kind === 'one' ? reading.value : null;
  const currentId = current?.id ?? '';
  const currentLabel = current?.label ?? '';
  const initial = useMemo(
    () => (currentId ? [{ k: currentId, v: currentLabel }] : []),
    [currentId, currentLabel],
  );
  const locked = disabled || lockedFor(control, ctx.form.currentUser?.userType);
  const { show, dialog } = usePickerDialog(props, false, initial, (records) => {
    const chosen = records[0];
    onChange(chosen ? { id: chosen.id, label: chosen.label } : null);
    // maps: the chosen record's columns go into the mapped controls.
    if (chosen) {
      const row: Record<string, unknown> = {};
      for (const m of mapsMappingOf(control)) row[m.model] = chosen.raw[m.selectKey] ?? null;
      if (Object.keys(row).length > 0) ctx.setStored(row);
    }
    onBlur?.();
  });
  return (
    <>
      <Space.Compact style={widthStyle(control, compact)}>
        <Input
          id={id}
          readOnly
          value={current ? current.label || current.id : ''}
          placeholder={placeholderOf(control, '请选择')}
          disabled={locked}
          allowClear={!locked}
          onChange={(e) => {
            if (e.target.value === '') onChange(null);
          }}
          onClick={() => !locked && show()}
          className="picker-input"
        />
        <Button
          icon={<SearchOutlined />}
          disabled={locked}
          onClick={show}
          aria-label={`选择${nameOf(control)}`}
        >
          选择
        </Button>
      </Space.Compact>
      {dialog}
    </>
  );
}

function MultiPickerEditor(props: EditorProps) {
  const { control, value, onChange, onBlur, disabled, id, compact } = props;
  const items = useMemo(() => readMultiPicker(value) ?? [], [value]);
  const { show, dialog } = usePickerDialog(props, true, items, (records) => {
    onChange(records.map((r) => ({ k: r.id, v: r.label })));
    onBlur?.();
  });
  return (
    <>
      <MultiPickerBox control={control} items={items} onChange={onChange} show={show} disabled={disabled} id={id} compact={compact} />
      {dialog}
    </>
  );
}

/** org/user/company/role/dic/data pickers: the id under model, the label under label_model. */
export function singlePickerWidget(): ControlWidget {
  return {
    frame: 'field',
    Editor: SinglePickerEditor,
    Display: makeTextDisplay(pickerText),
    text: pickerText,
  };
}

/** The m_ pickers: a list of {k, v}. */
export function multiPickerWidget(): ControlWidget {
  const text = (value: unknown) => multiPickerText(value);
  return { frame: 'field', Editor: MultiPickerEditor, Display: makeTextDisplay(text), text };
}

/** current_user: filled with the signed-in user, never picked. */
function CurrentUserEditor({ control, value, id, compact }: EditorProps) {
  return (
    <Input
      id={id}
      readOnly
      disabled
      value={pickerText(value, control)}
      placeholder="当前用户"
      style={widthStyle(control, compact)}
    />
  );
}

export function currentUserWidget(): ControlWidget {
  return {
    frame: 'field',
    Editor: CurrentUserEditor,
    Display: makeTextDisplay(pickerText),
    text: pickerText,
  };
}
