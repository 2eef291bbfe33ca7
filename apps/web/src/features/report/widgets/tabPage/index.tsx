import { Button, Form, Input, Select, Space, Tabs } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { nextWidgetId, WIDGET_DEFINITIONS, WIDGET_KINDS, widgetKindOf, type Json, type ReportWidget } from '@park/core';
import { BasicConfig } from '../shared/BasicConfig.tsx';
import { WidgetFrame } from '../shared/WidgetFrame.tsx';
import { useSurface } from '../surface.tsx';
import type { WidgetConfigProps, WidgetRenderProps, WidgetUi } from '../types.ts';

interface Tab {
  tabId: number;
  tabName: string;
  remark?: string;
  widgetCount?: number;
  tabContent: { layout: Json; widgets: ReportWidget[] };
}
const tabsOf = (w: ReportWidget): Tab[] => (Array.isArray(w.tabs) ? (w.tabs as Tab[]) : []);
const INNER_HEIGHT_PX = 320;

/** Tab: widgets inside tabs (two by default), each shown one under another at a fixed height. */
function TabPageRenderer({ widget }: WidgetRenderProps) {
  const surface = useSurface();
  const tabs = tabsOf(widget);
  // The origin's left/right are antd's start/end.
  const placements = { top: 'top', bottom: 'bottom', left: 'start', right: 'end' } as const;
  const position = placements[String(widget.style?.tabPosition ?? 'top') as keyof typeof placements] ?? 'top';
  return (
    <WidgetFrame widget={{ ...widget, style: { ...widget.style, mainTitleVisiable: false } }}>
      <Tabs
        className="rw-tabs"
        tabPlacement={position}
        defaultActiveKey={String(widget.activeTabId ?? tabs[0]?.tabId ?? '')}
        items={tabs.map((t) => ({
          key: String(t.tabId),
          label: t.tabName,
          children: (
            <div className="rw-tab-body">
              {t.tabContent.widgets.map((w) => (
                <div key={w.id} className="rw-tab-widget" style={{ height: INNER_HEIGHT_PX }}>
                  {surface.render(w)}
                </div>
              ))}
            </div>
          ),
        }))}
      />
    </WidgetFrame>
  );
}

const ADDABLE = WIDGET_KINDS.filter((k) => k !== 'tabPage').map((k) => ({ value: k, label: WIDGET_DEFINITIONS[k].name }));

/** Tabs renamed, added and removed; widgets added to a tab and opened for editing from here. */
function TabPageConfig({ widget, onChange, allWidgets }: WidgetConfigProps) {
  const surface = useSurface();
  const tabs = tabsOf(widget);
  const setTabs = (next: Tab[], tag?: string) => onChange({ ...widget, tabs: next.map((t) => ({ ...t, widgetCount: t.tabContent.widgets.length })) }, tag);
  const addWidget = (i: number, kind: (typeof WIDGET_KINDS)[number]) => {
    const id = nextWidgetId([widget, ...(allWidgets ?? [])]);
    const w = WIDGET_DEFINITIONS[kind].create({ id, x: 1, y: 1 });
    setTabs(tabs.map((t, j) => (i === j ? { ...t, tabContent: { ...t.tabContent, widgets: [...t.tabContent.widgets, w] } } : t)));
  };
  return (
    <BasicConfig widget={widget} onChange={onChange}>
      <Form.Item label="标签位置">
        <Select aria-label="标签位置" value={String(widget.style?.tabPosition ?? 'top')} options={[{ value: 'top', label: '上' }, { value: 'bottom', label: '下' }, { value: 'left', label: '左' }, { value: 'right', label: '右' }]} onChange={(tabPosition: string) => onChange({ ...widget, style: { ...widget.style, tabPosition } })} />
      </Form.Item>
      {tabs.map((t, i) => (
        <div key={t.tabId} className="rw-tab-cfg">
          <Space>
            <Input aria-label={`标签${i + 1}名称`} size="small" value={t.tabName} onChange={(e) => setTabs(tabs.map((x, j) => (i === j ? { ...x, tabName: e.target.value } : x)), `tab-${i}`)} />
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除${t.tabName}`} disabled={tabs.length <= 1} onClick={() => setTabs(tabs.filter((_, j) => j !== i))} />
          </Space>
          {t.tabContent.widgets.map((w) => (
            <div key={w.id} className="rw-tab-cfg-widget">
              <span>{String(w.style?.mainTitle || w.name)}（{WIDGET_DEFINITIONS[widgetKindOf(w) ?? 'text'].name}）</span>
              <Button size="small" type="link" icon={<EditOutlined />} onClick={() => surface.select?.(w.id)}>
                编辑
              </Button>
              <Button size="small" type="link" danger onClick={() => setTabs(tabs.map((x, j) => (i === j ? { ...x, tabContent: { ...x.tabContent, widgets: x.tabContent.widgets.filter((y) => y.id !== w.id) } } : x)))}>
                移除
              </Button>
            </div>
          ))}
          <Select aria-label={`向${t.tabName}添加控件`} size="small" placeholder="添加控件到此标签" value={null as (typeof WIDGET_KINDS)[number] | null} options={ADDABLE} onChange={(k) => k && addWidget(i, k)} className="rw-cfg-full" />
        </div>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => setTabs([...tabs, { tabId: Math.max(0, ...tabs.map((t) => t.tabId)) + 1, tabName: `Tab ${tabs.length + 1}`, remark: '', tabContent: { layout: { rows: [] }, widgets: [] } }])}>
        添加标签
      </Button>
    </BasicConfig>
  );
}

export const tabPageWidget: WidgetUi = { Renderer: TabPageRenderer, Config: TabPageConfig };
