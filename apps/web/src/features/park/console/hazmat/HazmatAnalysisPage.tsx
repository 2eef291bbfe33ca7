import { useMemo } from 'react';
import { Table, type TableColumnsType } from 'antd';
import { tableLocale } from '../../../../lib/ListPage.tsx';
import { tablePagination, usePaging } from '../../../../lib/paging.ts';
import { park, type PassRow, type VehicleRow } from '../api.ts';
import { namedBars, seriesChart } from '../charts.ts';
import { ConsoleScreen, Figure, Panel } from '../ConsoleFrame.tsx';
import { ChartPanels } from '../ChartPanels.tsx';
import { LastRefresh } from '../LastRefresh.tsx';
import { useLive } from '../live.ts';
import { useDayRange } from '../RangeFilter.tsx';

const inParkColumns: TableColumnsType<VehicleRow> = [
  { title: '车牌号', dataIndex: 'plate', width: 110 },
  { title: '危险类别', dataIndex: 'hazardousClassName', width: 110 },
  { title: '装载', render: (_, r) => (r.material ? `${r.material}${r.loadTons !== null ? ` ${r.loadTons} 吨` : ''}` : '-') },
  { title: '企业', dataIndex: 'companyName', ellipsis: true },
  { title: '入园时间', dataIndex: 'enteredTime', width: 170 },
  { title: '车速', dataIndex: 'speed', width: 90, render: (s: number | null) => (s === null ? '-' : `${s} km/h`) },
  { title: '今日报警', dataIndex: 'todayAlarmCount', width: 90 },
];
const entryColumns: TableColumnsType<PassRow> = [
  { title: '车牌号', dataIndex: 'plate', width: 110 },
  { title: '危险类别', dataIndex: 'hazardousClassName', width: 110 },
  { title: '装载物', dataIndex: 'material', width: 100 },
  { title: '载量（吨）', dataIndex: 'loadTons', width: 100 },
  { title: '企业', dataIndex: 'companyName', ellipsis: true },
  { title: '道口', dataIndex: 'gateName', width: 150 },
  { title: '入园时间', dataIndex: 'passTime', width: 170 },
];

/**
 * 危化品车辆分析 (issue 24): hazardous vehicles in the park now, and over the chosen days their
 * entries by load and company, tons a day of the heaviest loads, and every entry.
 */
export function HazmatAnalysisPage() {
  const { query, picker } = useDayRange();
  const paging = usePaging();
  const inPark = useLive(['hazardousInPark'], (s) => park.vehiclesInPark({ vehicleType: '2', pageSize: 500 }, s));
  const materials = useLive(['materialCount', query], (s) => park.materialCount(query, s));
  const daily = useLive(['materialDaily', query], (s) => park.materialDaily(query, s));
  const rank = useLive(['chemicalRank', query], (s) => park.chemicalRank(query, s));
  const entries = useLive(['materialDetails', query, paging.pageNum, paging.pageSize], (s) => park.materialDetails({ ...query, pageNum: paging.pageNum, pageSize: paging.pageSize }, s));

  const trips = (materials.data?.datas ?? []).reduce((a, m) => a + m.trips, 0);
  const tons = (materials.data?.datas ?? []).reduce((a, m) => a + m.tons, 0);
  const materialChart = useMemo(() => namedBars((materials.data?.datas ?? []).map((m) => ({ name: m.material, value: m.tons })), '载量（吨）'), [materials.data]);
  const dailyChart = useMemo(() => seriesChart(daily.data?.data, 'line'), [daily.data]);
  const rankChart = useMemo(() => namedBars(rank.data?.datas, '入园车次', { horizontal: true }), [rank.data]);

  return (
    <ConsoleScreen title="危化品车辆分析" testId="park-hazmat" extra={<><LastRefresh at={materials.dataUpdatedAt} />{picker}</>}>
      <div className="park-figures">
        <Figure label="在园危化品车辆" value={inPark.data?.totalCount} suffix="辆" color="#fa541c" testId="hazmat-inpark" />
        <Figure label="期间危化品入园" value={trips} suffix="车次" testId="hazmat-trips" />
        <Figure label="期间危化品载量" value={Math.round(tons * 10) / 10} suffix="吨" testId="hazmat-tons" />
      </div>
      <div className="park-grid">
        <ChartPanels
          charts={[
            { title: '装载物载量', option: materialChart, testId: 'chart-material' },
            { title: '主要装载物每日载量（吨）', option: dailyChart, testId: 'chart-material-daily' },
            { title: '企业危化品车辆入园排行', option: rankChart, testId: 'chart-chemical-rank' },
          ]}
        />
        <Panel title="在园危化品车辆">
          <Table<VehicleRow> rowKey="plate" size="small" columns={inParkColumns} dataSource={inPark.data?.datas ?? []} locale={tableLocale} pagination={{ pageSize: 5 }} scroll={{ x: 800 }} />
        </Panel>
      </div>
      <Panel title="危化品车辆入园明细">
        <Table<PassRow> rowKey="id" size="small" columns={entryColumns} dataSource={entries.data?.datas ?? []} locale={tableLocale} pagination={tablePagination(paging, entries.data?.totalCount ?? 0)} data-testid="hazmat-entries" />
      </Panel>
    </ConsoleScreen>
  );
}
