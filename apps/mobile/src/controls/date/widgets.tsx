import { useState } from 'react';
import { DatePicker, Picker } from 'antd-mobile';
import { dateEditorValue, readDateValue, type DateKind, type DateParts, type FormControl } from '@park/core';
import type { MobileControl, MobileEditorProps } from '../types.ts';
import { PickerRow } from '../common/PickerRow.tsx';
import { textDisplay } from '../common/TextDisplay.tsx';
import { flag, nameOf, optionsOf, placeholderOf } from '../common/values.ts';
import { TimeRangeEditor } from './TimeRangeEditor.tsx';
import { TIME_COLUMNS, timeWheelValue } from './timeWheels.ts';
import { dateText } from './texts.ts';

/** The wheel columns of each kind; month alone still turns a year wheel it ignores. */
const PRECISION: Record<Exclude<DateKind, 'time'>, 'year' | 'month' | 'day' | 'second'> = {
  year: 'year',
  month: 'month',
  year_month: 'month',
  date: 'day',
  datetime: 'second',
};

function toDate(parts: DateParts | null): Date | null {
  if (!parts) return null;
  return new Date(parts.year ?? new Date().getFullYear(), (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

function partsOf(d: Date): DateParts {
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes(), second: d.getSeconds() };
}

const PICKER_LABELS: Record<string, string> = { year: '年', month: '月', day: '日', hour: '时', minute: '分', second: '秒' };

function makeDateEditor(kind: Exclude<DateKind, 'time'>) {
  return function DateEditor({ control, value, onChange, disabled }: MobileEditorProps) {
    const [open, setOpen] = useState(false);
    const current = toDate(readDateValue(value, control, kind));
    return (
      <>
        <PickerRow text={dateText(value, control, kind)} placeholder={placeholderOf(control, '请选择')} disabled={disabled} onOpen={() => setOpen(true)} />
        <DatePicker
          visible={open}
          precision={PRECISION[kind]}
          value={current}
          min={new Date(1900, 0, 1)}
          max={new Date(2100, 11, 31)}
          title={nameOf(control)}
          confirmText="确定"
          cancelText="取消"
          renderLabel={(type, data) => `${data}${PICKER_LABELS[type] ?? ''}`}
          onClose={() => setOpen(false)}
          onConfirm={(d) => onChange(dateEditorValue(partsOf(d), control, kind))}
        />
      </>
    );
  };
}

/** time: hours, minutes and seconds wheels. */
function TimeOneEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const [open, setOpen] = useState(false);
  const current = timeWheelValue(readDateValue(value, control, 'time'));
  return (
    <>
      <PickerRow text={dateText(value, control, 'time')} placeholder={placeholderOf(control, '请选择')} disabled={disabled} onOpen={() => setOpen(true)} />
      <Picker
        columns={TIME_COLUMNS}
        visible={open}
        value={current}
        title={nameOf(control)}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setOpen(false)}
        onConfirm={(v) => onChange(dateEditorValue({ hour: Number(v[0] ?? 0), minute: Number(v[1] ?? 0), second: Number(v[2] ?? 0) }, control, 'time'))}
      />
    </>
  );
}

/** time, one value or — with 时间范围 (options.isRange) — a start and an end. */
function TimeEditor(props: MobileEditorProps) {
  return flag(optionsOf(props.control).isRange) ? <TimeRangeEditor {...props} /> : <TimeOneEditor {...props} />;
}

export function dateWidget(kind: DateKind): MobileControl {
  const text = (value: unknown, control: FormControl) => dateText(value, control, kind);
  return { frame: 'field', Editor: kind === 'time' ? TimeEditor : makeDateEditor(kind), Display: textDisplay(text) };
}
