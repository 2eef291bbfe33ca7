import { useMemo, useRef } from 'react';
import { App, Button, Tooltip } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import type { EChartsCoreOption } from 'echarts/core';
import { clickLinkage, drillBack, drillDown, hasDrilling, type DrillStep, type ReportWidget, type WidgetKind } from '@park/core';
import { useRuntime } from '../../viewer/runtime.tsx';
import { chartData, type ChartData } from './chartData.ts';
import { EChart, type ChartClick, type EChartHandle } from './EChart.tsx';
import { useWidgetData } from './useWidgetData.ts';
import { DrillNavigation, WidgetFrame, WidgetNote } from './WidgetFrame.tsx';

export type OptionBuilder = (widget: ReportWidget, data: ChartData) => EChartsCoreOption;

/** The chart's numbers as a table for screen readers (the canvas itself says nothing). */
function DataTable({ data, label }: { data: ChartData; label: string }) {
  return (
    <table className="rw-sr-only" aria-label={`${label}数据`}>
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
            <th>{c}</th>
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
  const data = useMemo(() => chartData(widget, state.data?.datas ?? [], path), [widget, state.data, path]);
  const option = useMemo(() => build(widget, data), [build, widget, data]);
  const label = String(widget.style?.mainTitle || widget.name || '图表');

  const onClick = (e: ChartClick) => {
    const value = e.name === '__' ? null : e.name;
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

  const exportImage = () => {
    const url = chart.current?.image();
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = `${label}.png`;
    a.click();
  };

  const tools =
    rt.mode === 'view' && state.data ? (
      <Tooltip title="导出图片">
        <Button type="text" size="small" icon={<PictureOutlined />} aria-label="导出图片" onClick={exportImage} />
      </Tooltip>
    ) : null;

  return (
    <WidgetFrame widget={widget} tools={tools} loading={state.loading}>
      <DrillNavigation path={path} onBack={(level) => rt.setDrillPath(widget.id, drillBack(path, level))} />
      {state.illegal ? (
        <WidgetNote text={state.illegal} />
      ) : state.error ? (
        <WidgetNote kind="error" text={state.error} />
      ) : (
        <>
          <EChart ref={chart} option={option} onClick={onClick} label={label} />
          <DataTable data={data} label={label} />
        </>
      )}
    </WidgetFrame>
  );
}
