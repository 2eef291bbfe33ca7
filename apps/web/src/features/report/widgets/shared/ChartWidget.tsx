import { useMemo, useRef, useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { BarChartOutlined, PictureOutlined, TableOutlined } from '@ant-design/icons';
import { chartData, clickLinkage, drillBack, drillDown, drillPathLinkage, EMPTY_CATEGORY, hasDrilling, type ChartData, type ChartOptionBuilder, type DrillStep, type ReportWidget, type WidgetKind } from '@park/core';
import { useRuntime } from '../../viewer/runtime.tsx';
import { EChart, type ChartClick, type EChartHandle } from '../../../../lib/EChart.tsx';
import { useWidgetData } from './useWidgetData.ts';
import { DrillNavigation, WidgetFrame, WidgetNote } from './WidgetFrame.tsx';

export type OptionBuilder = ChartOptionBuilder;

/**
 * The chart's numbers as a table: hidden for screen readers under the canvas, or shown in place of
 * the chart (数据视图), where a category is a button doing what a click on the chart does.
 */
function DataTable({ data, label, shown, onPick }: { data: ChartData; label: string; shown: boolean; onPick(name: string): void }) {
  return (
    <table className={shown ? 'rw-data' : 'rw-sr-only'} aria-label={`${label}数据`}>
      <thead>
        <tr>
          <th>分类</th>
          {data.series.map((s) => (
            <th key={s.name}>{s.name}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.categories.map((c, i) => (
          <tr key={c}>
            <th>{shown ? <a onClick={() => onPick(c)}>{c}</a> : c}</th>
            {data.series.map((s) => (
              <td key={s.name}>{s.values[i] ?? ''}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Every chart kind: its data, its option (the kind's builder), drilling on a click (§4) together
 * with linkage to the other widgets, the drill path, and 导出图片 in the viewer.
 */
export function ChartWidget({ widget, kind, build }: { widget: ReportWidget; kind: WidgetKind; build: OptionBuilder }) {
  const { message } = App.useApp();
  const rt = useRuntime();
  const path = rt.drillPath(widget.id);
  const state = useWidgetData(widget, kind);
  const chart = useRef<EChartHandle>(null);
  const [showData, setShowData] = useState(false);
  const data = useMemo(() => chartData(widget, state.data?.datas ?? [], path), [widget, state.data, path]);
  const option = useMemo(() => build(widget, data), [build, widget, data]);
  const label = String(widget.style?.mainTitle || widget.name || '图表');

  const onClick = (e: ChartClick) => {
    const value = e.name === EMPTY_CATEGORY ? null : e.name;
    const before: readonly DrillStep[] = path;
    if (hasDrilling(widget)) {
      const next = drillDown(widget, before, value);
      if (next.ok) rt.setDrillPath(widget.id, next.path);
      else void message.warning(next.message);
    }
    const current = rt.linkages.find((l) => l.source === widget.id);
    const link = clickLinkage(widget, before, value);
    // A second click on the same value lifts the filter.
    const same = current && link && JSON.stringify(current.conds) === JSON.stringify(link.conds);
    rt.setLinkage(widget.id, same ? null : link);
  };

  const back = (level: number) => {
    const next = drillBack(path, level);
    rt.setDrillPath(widget.id, next);
    rt.setLinkage(widget.id, drillPathLinkage(widget, next));
  };

  const exportImage = () => {
    const url = chart.current?.image();
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = `${label}.png`;
    a.click();
  };

  const tools = state.data ? (
    <>
      <Tooltip title={showData ? '图表视图' : '数据视图'}>
        <Button type="text" size="small" icon={showData ? <BarChartOutlined /> : <TableOutlined />} aria-label={showData ? '图表视图' : '数据视图'} onClick={() => setShowData((v) => !v)} />
      </Tooltip>
      {rt.mode === 'view' && !showData && (
        <Tooltip title="导出图片">
          <Button type="text" size="small" icon={<PictureOutlined />} aria-label="导出图片" onClick={exportImage} />
        </Tooltip>
      )}
    </>
  ) : null;

  return (
    <WidgetFrame widget={widget} tools={tools} loading={state.loading} fresh={state.data}>
      <DrillNavigation path={path} onBack={back} />
      {state.illegal ? (
        <WidgetNote text={state.illegal} />
      ) : state.error ? (
        <WidgetNote kind="error" text={state.error} />
      ) : (
        <>
          {!showData && <EChart ref={chart} className="rw-chart" option={option} onClick={onClick} label={label} dark={rt.screen} />}
          <DataTable data={data} label={label} shown={showData} onPick={(name) => onClick({ name, value: name })} />
        </>
      )}
    </WidgetFrame>
  );
}
