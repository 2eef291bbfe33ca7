import { Checkbox, ColorPicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { AUTO_REFRESH_FLOOR_MS, DEFAULT_CHART_COLORS, LEGEND_POSITIONS, MAX_STYLE_COLORS, type Json, type ReportWidget } from '@park/core';

type Change = (w: ReportWidget, tag?: string) => void;

const LEGENDS = Object.entries(LEGEND_POSITIONS).map(([value, label]) => ({ value, label }));
const hex = (c: { toHexString(): string } | null) => (c ? c.toHexString() : null);

function setStyle(widget: ReportWidget, onChange: Change, patch: Json, tag: string) {
  onChange({ ...widget, style: { ...(widget.style ?? {}), ...patch } }, tag);
}

/** Title, border, background and padding: what every widget has. */
export function FrameStyle({ widget, onChange }: { widget: ReportWidget; onChange: Change }) {
  const style = widget.style ?? {};
  return (
    <>
      <Form.Item label="标题">
        <Space.Compact block>
          <Input aria-label="标题" value={String(style.mainTitle ?? '')} maxLength={50} onChange={(e) => setStyle(widget, onChange, { mainTitle: e.target.value }, 'title')} />
        </Space.Compact>
        <Checkbox checked={style.mainTitleVisiable !== false} onChange={(e) => setStyle(widget, onChange, { mainTitleVisiable: e.target.checked }, 'title-visible')}>
          显示标题
        </Checkbox>
      </Form.Item>
      <Form.Item label="边框颜色">
        <ColorPicker aria-label="边框颜色" value={String(widget.borderColor ?? '#EBEAEF')} onChangeComplete={(c) => onChange({ ...widget, borderColor: c.toHexString() }, 'border')} />
      </Form.Item>
      <Form.Item label="背景颜色">
        <ColorPicker allowClear value={typeof style.backgroundColor === 'string' ? style.backgroundColor : null} onChangeComplete={(c) => setStyle(widget, onChange, { backgroundColor: hex(c) }, 'bg')} onClear={() => setStyle(widget, onChange, { backgroundColor: null }, 'bg')} />
      </Form.Item>
      <Form.Item label="内边距（上/右/下/左）">
        <Space.Compact>
          {(['paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft'] as const).map((k) => (
            <InputNumber key={k} aria-label={k} size="small" min={0} max={60} style={{ width: 56 }} value={Number(widget[k] ?? 5)} onChange={(v) => onChange({ ...widget, [k]: v ?? 0 }, k)} />
          ))}
        </Space.Compact>
      </Form.Item>
    </>
  );
}

/** Legend position, data labels and the ten series colours of a chart. */
export function ChartStyle({ widget, onChange, legend = true }: { widget: ReportWidget; onChange: Change; legend?: boolean }) {
  const style = widget.style ?? {};
  return (
    <>
      {legend && (
        <Form.Item label="图例位置">
          <Select aria-label="图例位置" value={String(style.legendAlign ?? 'top')} options={LEGENDS} onChange={(v: string) => setStyle(widget, onChange, { legendAlign: v }, 'legend')} />
        </Form.Item>
      )}
      <Form.Item label="数据标签">
        <Switch aria-label="数据标签" checked={style.dataLabelsEnable !== false} onChange={(v) => setStyle(widget, onChange, { dataLabelsEnable: v }, 'labels')} />
      </Form.Item>
      <Form.Item label="系列颜色" extra={`默认 ${DEFAULT_CHART_COLORS.length} 种颜色，可自定义最多 ${MAX_STYLE_COLORS} 种`}>
        <div className="rw-colors">
          {Array.from({ length: MAX_STYLE_COLORS }, (_, i) => {
            const key = `seriesColor${i + 1}`;
            const own = typeof style[key] === 'string' ? (style[key] as string) : null;
            return <ColorPicker key={key} size="small" allowClear value={own ?? DEFAULT_CHART_COLORS[i]} onChangeComplete={(c) => setStyle(widget, onChange, { [key]: c.toHexString() }, key)} onClear={() => setStyle(widget, onChange, { [key]: null }, key)} />;
          })}
        </div>
      </Form.Item>
    </>
  );
}

const FLOOR_MINUTES = AUTO_REFRESH_FLOOR_MS / 60_000;

/** Auto refresh: off, or every N minutes, never more often than the floor. */
export function RefreshSetting({ widget, onChange }: { widget: ReportWidget; onChange: Change }) {
  const s = (widget.sensior ?? { autoRefresh: false, count: 1, countType: 'minute' }) as Json;
  const set = (patch: Json) => onChange({ ...widget, sensior: { ...s, countType: 'minute', ...patch } }, 'refresh');
  return (
    <Form.Item label="自动刷新" extra={`最短 ${FLOOR_MINUTES} 分钟`}>
      <Space>
        <Switch aria-label="自动刷新" checked={s.autoRefresh === true} onChange={(v) => set({ autoRefresh: v })} />
        <InputNumber aria-label="刷新间隔（分钟）" size="small" min={FLOOR_MINUTES} max={1440} precision={0} disabled={s.autoRefresh !== true} value={Number(s.count) || 1} onChange={(v) => set({ count: Math.max(FLOOR_MINUTES, v ?? FLOOR_MINUTES) })} />
        分钟
      </Space>
    </Form.Item>
  );
}
