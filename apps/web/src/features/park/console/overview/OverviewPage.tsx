import { useMemo } from 'react';
import { ALARM_LEVEL_COLORS, ONLINE_COLORS, RISK_LEVEL_COLORS } from '@park/core';
import { park } from '../api.ts';
import { donut, seriesChart } from '../charts.ts';
import { ConsoleScreen, Figure } from '../ConsoleFrame.tsx';
import { ChartPanels } from '../ChartPanels.tsx';
import { useLive } from '../live.ts';
import { LastRefresh } from '../LastRefresh.tsx';

/**
 * 园区总览 (issue 24): the park right now — vehicles in the park, today's flows by gate and hour,
 * hazardous vehicles by class, people by type, devices, alarms waiting and the companies' risk —
 * each from its statistics call, asked again every 15 s without reloading the page.
 */
export function OverviewPage() {
  const inPark = useLive(['inPark'], park.inPark);
  const flow = useLive(['flowToday'], park.flowToday);
  const gates = useLive(['gateToday'], park.gateToday);
  const hours = useLive(['hourToday'], park.hourToday);
  const persons = useLive(['persons'], park.personsByType);
  const devices = useLive(['devices'], park.devices);
  const warn = useLive(['warnNumbers'], park.warnNumbers);
  const risk = useLive(['corpRisk'], park.corpRisk);
  const hazardous = useLive(['hazardousInPark'], (s) => park.vehiclesInPark({ vehicleType: '2', pageSize: 500 }, s));

  const byClass = useMemo(() => {
    const counts = new Map<string, number>();
    for (const v of hazardous.data?.datas ?? []) counts.set(v.hazardousClassName ?? '未登记', (counts.get(v.hazardousClassName ?? '未登记') ?? 0) + 1);
    return [...counts].map(([name, value]) => ({ name, value }));
  }, [hazardous.data]);
  const gateChart = useMemo(
    () =>
      seriesChart(
        {
          categories: (gates.data?.datas ?? []).map((g) => g.gateName),
          series: [
            { name: '入园', data: (gates.data?.datas ?? []).map((g) => g.inCount) },
            { name: '出园', data: (gates.data?.datas ?? []).map((g) => g.outCount) },
          ],
        },
        'bar',
      ),
    [gates.data],
  );
  const hourChart = useMemo(() => seriesChart(hours.data?.data, 'line', { area: true }), [hours.data]);
  const classChart = useMemo(() => donut(byClass, '危化品车辆'), [byClass]);
  const personChart = useMemo(() => donut(persons.data?.datas, '在园人员'), [persons.data]);
  const deviceChart = useMemo(
    () =>
      seriesChart(
        {
          categories: (devices.data?.datas ?? []).map((d) => d.name),
          series: [
            { name: '在线', data: (devices.data?.datas ?? []).map((d) => d.online) },
            { name: '离线', data: (devices.data?.datas ?? []).map((d) => d.offline) },
          ],
        },
        'bar',
        { stack: true, horizontal: true, colors: [ONLINE_COLORS[1], ONLINE_COLORS[0]] },
      ),
    [devices.data],
  );
  const alarmChart = useMemo(() => donut(warn.data?.data.levels, '待处置报警', ALARM_LEVEL_COLORS), [warn.data]);
  const riskChart = useMemo(() => donut(risk.data?.datas, '企业', RISK_LEVEL_COLORS), [risk.data]);

  const d = devices.data?.data;
  return (
    <ConsoleScreen title="园区总览" testId="park-overview" extra={<LastRefresh at={inPark.dataUpdatedAt} />}>
      <div className="park-figures">
        <Figure label="在园车辆" value={inPark.data?.data.total} suffix="辆" testId="fig-inpark-total" />
        <Figure label="在园危化品车辆" value={inPark.data?.data.hazardous} suffix="辆" color="#fa541c" testId="fig-inpark-hazardous" />
        <Figure label="危化品载量" value={inPark.data?.data.hazardousTons} suffix="吨" testId="fig-inpark-tons" />
        <Figure label="今日入园" value={flow.data?.data.in} suffix="车次" testId="fig-flow-in" />
        <Figure label="今日出园" value={flow.data?.data.out} suffix="车次" testId="fig-flow-out" />
        <Figure label="待处置报警" value={warn.data?.data.unhandled} suffix="条" color={ALARM_LEVEL_COLORS['01']} testId="fig-alarm-unhandled" />
        <Figure label="设备在线" value={d?.online} suffix={d ? `/ ${d.total}` : undefined} color="#52c41a" testId="fig-device-online" />
      </div>
      <div className="park-grid">
        <ChartPanels
          charts={[
            { title: '今日各道口进出', option: gateChart, testId: 'chart-gate' },
            { title: '今日分时进出', option: hourChart, testId: 'chart-hour' },
          ]}
        />
      </div>
      <div className="park-grid-3">
        <ChartPanels
          charts={[
            { title: '在园危化品车辆类别', option: classChart, testId: 'chart-hazardous-class' },
            { title: '在园人员类型', option: personChart, testId: 'chart-persons' },
            { title: '待处置报警等级', option: alarmChart, testId: 'chart-alarm-levels' },
            { title: '设备在线状态', option: deviceChart, testId: 'chart-devices' },
            { title: '企业风险分布', option: riskChart, testId: 'chart-risk' },
          ]}
        />
      </div>
    </ConsoleScreen>
  );
}
