import { useState } from 'react';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** The analyses' time range: whole days, the last 30 by default (the calls' own default). */
export function useDayRange() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()]);
  const query = { beginTime: range[0].format('YYYY-MM-DD'), endTime: range[1].format('YYYY-MM-DD') };
  const picker = (
    <DatePicker.RangePicker
      aria-label="统计时间"
      allowClear={false}
      value={range}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      onChange={(v) => {
        if (v?.[0] && v[1]) setRange([v[0], v[1]]);
      }}
    />
  );
  return { query, picker };
}
