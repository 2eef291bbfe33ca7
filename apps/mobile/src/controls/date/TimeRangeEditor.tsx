import { useState } from 'react';
import { Picker } from 'antd-mobile';
import { dateEditorValue, readDateValue } from '@park/core';
import type { MobileEditorProps } from '../types.ts';
import { PickerRow } from '../common/PickerRow.tsx';
import { nameOf } from '../common/values.ts';
import { TIME_COLUMNS, timeWheelValue } from './timeWheels.ts';

type End = 0 | 1;
const END_LABEL: Record<End, string> = { 0: '开始时间', 1: '结束时间' };

/**
 * time with 时间范围 (options.isRange) on the phone: the desktop's RangePicker holds [start, end] in
 * the control's format; here each end is a row of its own opening the same hour/minute/second
 * wheels, and the range is handed on only when both ends are chosen (core checks it as the server
 * does). An end picked after the other is swapped in, so start never lies after end.
 */
export function TimeRangeEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const [open, setOpen] = useState<End | null>(null);
  const [pending, setPending] = useState<Array<string | null>>([null, null]);
  const ends = Array.isArray(value) && value.length === 2 ? value.map((v) => (typeof v === 'string' ? v : null)) : pending;
  const textOfEnd = (i: End) => {
    const parts = readDateValue(ends[i], control, 'time');
    return parts ? String(ends[i]) : '';
  };
  const choose = (i: End, wheel: Array<string | number | null>) => {
    const picked = dateEditorValue({ hour: Number(wheel[0] ?? 0), minute: Number(wheel[1] ?? 0), second: Number(wheel[2] ?? 0) }, control, 'time');
    const next = [...ends];
    next[i] = typeof picked === 'string' ? picked : null;
    const [a, b] = next;
    if (a && b) {
      onChange(a <= b ? [a, b] : [b, a]);
      setPending([null, null]);
    } else {
      setPending(next);
      if (Array.isArray(value) && value.length > 0) onChange([]);
    }
  };
  return (
    <div className="m-time-range" data-testid="time-range">
      {([0, 1] as const).map((i) => (
        <div key={i} className="m-time-range-end">
          <span className="m-time-range-label">{END_LABEL[i]}</span>
          <PickerRow text={textOfEnd(i)} placeholder={`请选择${END_LABEL[i]}`} disabled={disabled} onOpen={() => setOpen(i)} />
        </div>
      ))}
      <Picker
        columns={TIME_COLUMNS}
        visible={open !== null}
        value={open === null ? [] : timeWheelValue(readDateValue(ends[open], control, 'time'))}
        title={open === null ? nameOf(control) : `${nameOf(control)} · ${END_LABEL[open]}`}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setOpen(null)}
        onConfirm={(v) => open !== null && choose(open, v)}
      />
    </div>
  );
}
