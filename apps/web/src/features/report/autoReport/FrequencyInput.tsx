import { Input, Select, Space, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { WEEK_DAY_LABELS, type AutoReportFrequency } from '@park/core';

const TYPES = [
  { value: 'day', label: '每天' },
  { value: 'week', label: '每周' },
  { value: 'month', label: '每月' },
  { value: 'cron', label: 'cron 表达式' },
];
const WEEK = WEEK_DAY_LABELS.map((label, i) => ({ value: i + 1, label }));
const MONTH = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: `${i + 1} 日` }));

export const DEFAULT_FREQUENCY: AutoReportFrequency = { every: 'day', time: '08:00' };

/** 发送频率: 每天/每周/每月 at a time of the park's day (Asia/Shanghai), or a five-field cron. */
export function FrequencyInput({ value = DEFAULT_FREQUENCY, onChange }: { value?: AutoReportFrequency; onChange?(v: AutoReportFrequency): void }) {
  const time = value.every === 'cron' ? '08:00' : value.time;
  const change = (every: string) => {
    if (every === 'cron') onChange?.({ every: 'cron', cron: '0 8 * * 1-5' });
    else if (every === 'week') onChange?.({ every: 'week', time, weekDay: 1 });
    else if (every === 'month') onChange?.({ every: 'month', time, monthDay: 1 });
    else onChange?.({ every: 'day', time });
  };
  return (
    <Space wrap>
      <Select aria-label="发送频率" style={{ width: 130 }} value={value.every} options={TYPES} onChange={change} />
      {value.every === 'week' && <Select aria-label="星期几" style={{ width: 100 }} value={value.weekDay} options={WEEK} onChange={(weekDay: number) => onChange?.({ ...value, weekDay })} />}
      {value.every === 'month' && <Select aria-label="每月几号" style={{ width: 100 }} value={value.monthDay} options={MONTH} onChange={(monthDay: number) => onChange?.({ ...value, monthDay })} />}
      {value.every === 'cron' ? (
        <Input aria-label="cron 表达式" style={{ width: 200 }} placeholder="分 时 日 月 周" value={value.cron} onChange={(e) => onChange?.({ every: 'cron', cron: e.target.value })} />
      ) : (
        <TimePicker
          aria-label="发送时间"
          format="HH:mm"
          allowClear={false}
          value={dayjs(`2000-01-01 ${value.time}`)}
          onChange={(t) => onChange?.({ ...value, time: (t ?? dayjs('2000-01-01 08:00')).format('HH:mm') })}
        />
      )}
      <span className="ar-hint">（园区时间 Asia/Shanghai）</span>
    </Space>
  );
}
