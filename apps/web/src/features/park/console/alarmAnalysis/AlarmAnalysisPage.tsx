import { useMemo } from 'react';
import { Table, type TableColumnsType } from 'antd';
import { tableLocale } from '../../../../lib/ListPage.tsx';
import { tablePagination, usePaging } from '../../../../lib/paging.ts';
import { park } from '../api.ts';
import { donut, namedBars, seriesChart } from '../charts.ts';
import { ConsoleScreen, Figure, Panel } from '../ConsoleFrame.tsx';
import { ChartPanels } from '../ChartPanels.tsx';
import { LastRefresh } from '../LastRefresh.tsx';
import { useLive } from '../live.ts';
import { useDayRange } from '../RangeFilter.tsx';

interface CarRow {
  plate: string;
  companyName: string | null;
  count: number;
  lastTime: string;
  alarmTypes: string;
}
const carColumns: TableColumnsType<CarRow> = [
  { title: '车牌号', dataIndex: 'plate', width: 110 },
  { title: '企业', dataIndex: 'companyName', ellipsis: true, render: (t: string | null) => t ?? '-' },
  { title: '违规次数', dataIndex: 'count', width: 90 },
  { title: '违规类型', dataIndex: 'alarmTypes', ellipsis: true },
  { title: '最近违规', dataIndex: 'lastTime', width: 170 },
];

/**
 * 报警分析 (issue 24): violations (the position rules' alarms) over the chosen days — by vehicle,
 * the daily trend, by type, by company, by road — and the ten companies with the most.
 */
export function AlarmAnalysisPage() {
  const { query, picker } = useDayRange();
  const paging = usePaging();
  const cars = useLive(['offendCars', query, paging.pageNum, paging.pageSize], (s) => park.offendCars({ ...query, pageNum: paging.pageNum, pageSize: paging.pageSize }, s));
  const trend = useLive(['offendTrend', query], (s) => park.offendTrend(query, s));
  const types = useLive(['offendType', query], (s) => park.offendType(query, s));
  const company = useLive(['offendCompany', query], (s) => park.offendCompany(query, s));
  const roads = useLive(['offendRoad', query], (s) => park.offendRoad(query, s));
  const top10 = useLive(['offendTop10', query], (s) => park.offendTop10(query, s));

  const total = (types.data?.datas ?? []).reduce((a, t) => a + t.value, 0);
  const trendChart = useMemo(() => seriesChart(trend.data?.data, 'line', { stack: true, area: true }), [trend.data]);
  const typeChart = useMemo(() => donut(types.data?.datas, '违规类型'), [types.data]);
  const companyChart = useMemo(() => seriesChart(company.data?.data, 'bar', { stack: true }), [company.data]);
  const roadChart = useMemo(() => namedBars(roads.data?.datas, '违规次数'), [roads.data]);
  const topChart = useMemo(() => namedBars(top10.data?.datas, '违规次数', { horizontal: true }), [top10.data]);

  return (
    <ConsoleScreen title="报警分析" testId="park-alarm-analysis" extra={<><LastRefresh at={types.dataUpdatedAt} />{picker}</>}>
      <div className="park-figures">
        <Figure label="期间违规总数" value={total} suffix="次" color="#fa541c" testId="violations-total" />
        <Figure label="违规车辆" value={cars.data?.totalCount} suffix="辆" testId="violation-cars" />
      </div>
      <div className="park-grid">
        <ChartPanels
          charts={[
            { title: '违规趋势', option: trendChart, testId: 'chart-trend' },
            { title: '违规类型', option: typeChart, testId: 'chart-types' },
            { title: '企业违规', option: companyChart, testId: 'chart-company' },
            { title: '道路违规', option: roadChart, testId: 'chart-road' },
            { title: '违规企业前十', option: topChart, testId: 'chart-top10' },
          ]}
        />
        <Panel title="车辆违规">
          <Table<CarRow> rowKey="plate" size="small" columns={carColumns} dataSource={cars.data?.datas ?? []} locale={tableLocale} pagination={tablePagination(paging, cars.data?.totalCount ?? 0)} data-testid="violation-car-table" />
        </Panel>
      </div>
    </ConsoleScreen>
  );
}
