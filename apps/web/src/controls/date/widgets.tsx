import { DatePicker, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import type { DateKind, FormControl } from '@park/core';
import type { ControlWidget, EditorProps } from '../types.ts';
import { fromDayjs, toDayjs, valueFormat } from './dateFormat.ts';
import { dateKindText } from '../common/text.ts';
import { makeTextDisplay } from '../common/TextDisplay.tsx';
import { flag, optionsOf, placeholderOf, widthStyle } from '../common/values.ts';

const PICKER: Record<Exclude<DateKind, 'time'>, 'year' | 'month' | 'date'> = {
  year: 'year',
  month: 'month',
  year_month: 'month',
  date: 'date',
  datetime: 'date',
};

function editableProps(control: FormControl) {
  const options = optionsOf(control);
  return {
    allowClear: options.clearable === undefined || flag(options.clearable),
    inputReadOnly: options.editable !== undefined && !flag(options.editable),
  };
}

function makeDateEditor(kind: Exclude<DateKind, 'time'>) {
  return function DateEditor({ control, value, onChange, onBlur, disabled, id, compact }: EditorProps) {
    const format = valueFormat(control, kind);
    return (
      <DatePicker
        id={id}
        picker={PICKER[kind]}
        showTime={kind === 'datetime' ? { format: format.includes('ss') ? 'HH:mm:ss' : 'HH:mm' } : undefined}
        format={format}
        value={toDayjs(value, control, kind)}
        onChange={(d: Dayjs | null) => onChange(fromDayjs(d, control, kind))}
        onBlur={onBlur}
        disabled={disabled || flag(optionsOf(control).readonly)}
        placeholder={placeholderOf(control, '请选择')}
        style={widthStyle(control, compact)}
        {...editableProps(control)}
      />
    );
  };
}

function TimeEditor({ control, value, onChange, onBlur, disabled, id, compact }: EditorProps) {
  const format = valueFormat(control, 'time');
  const common = {
    id,
    format,
    onBlur,
    disabled: disabled || flag(optionsOf(control).readonly),
    style: widthStyle(control, compact),
    ...editableProps(control),
  };
  if (flag(optionsOf(control).isRange)) {
    const ends = Array.isArray(value) ? value.map((v) => toDayjs(v, control, 'time')) : [];
    return (
      <TimePicker.RangePicker
        {...common}
        value={ends.length === 2 && ends[0] && ends[1] ? [ends[0], ends[1]] : null}
        onChange={(range) =>
          onChange(
            range && range[0] && range[1]
              ? [fromDayjs(range[0], control, 'time'), fromDayjs(range[1], control, 'time')]
              : [],
          )
        }
        placeholder={['开始时间', '结束时间']}
      />
    );
  }
  return (
    <TimePicker
      {...common}
      value={toDayjs(value, control, 'time')}
      onChange={(d: Dayjs | null) => onChange(fromDayjs(d, control, 'time'))}
      placeholder={placeholderOf(control, '请选择')}
    />
  );
}

/** year, month, year_month, date, datetime and time, in the control's own format (or timestamps). */
export function dateWidget(kind: DateKind): ControlWidget {
  const text = dateKindText(kind);
  return {
    frame: 'field',
    Editor: kind === 'time' ? TimeEditor : makeDateEditor(kind),
    Display: makeTextDisplay(text),
    text,
  };
}
