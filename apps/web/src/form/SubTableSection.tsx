import { Card, Tabs } from 'antd';
import { subTablesOf, type FormContext, type FormMeta } from '@park/core';
import { widgetOf } from '../controls/registry.ts';
import type { RenderMode, RuntimeContext } from '../controls/types.ts';
import { isObject, modelOf, nameOf, textOf } from '../controls/shared/values.ts';

export type SubTableLayout = 'tabs' | 'stack';

/**
 * How the detail view lays out sub-tables (spec 001 §2.8): tabs by default (transverse), or
 * stacked when sensorSettingsV2 says so through a widget's showType.tableShowType.
 */
export function subTableLayoutOf(meta: FormMeta): SubTableLayout {
  const widgets =
    isObject(meta.sensorSettingsV2) && Array.isArray(meta.sensorSettingsV2.widgets)
      ? meta.sensorSettingsV2.widgets
      : [];
  for (const widget of widgets) {
    if (!isObject(widget)) continue;
    const places = [widget, widget.options, widget.data];
    for (const place of places) {
      const showType = isObject(place) && isObject(place.showType) ? place.showType : null;
      const kind = showType ? textOf(showType.tableShowType).toLowerCase() : '';
      if (kind === '') continue;
      return ['transverse', 'tabs', 'tab', '0', 'horizontal'].includes(kind) ? 'tabs' : 'stack';
    }
  }
  return 'tabs';
}

export interface SubTableSectionProps {
  meta: FormMeta;
  formId: number;
  /** The saved parent; null before the first save (every action is then refused). */
  recordId: string | null;
  mode: RenderMode;
  context: FormContext;
  layout?: SubTableLayout;
  /** Only this sub-table (the single-sub-table detail view). */
  only?: string;
}

/** The form's sub-tables: one tab each, or stacked cards. */
export function SubTableSection({
  meta,
  formId,
  recordId,
  mode,
  context,
  layout = 'tabs',
  only,
}: SubTableSectionProps) {
  const tables = subTablesOf(meta).filter(
    (t) => modelOf(t) !== '' && (only === undefined || modelOf(t) === only),
  );
  if (tables.length === 0) return null;
  const rt: RuntimeContext = {
    mode,
    formId,
    subKey: null,
    recordId,
    form: context,
    getValue: () => undefined,
    setStored: () => undefined,
    renderControls: () => null,
  };
  const panel = (table: (typeof tables)[number]) => {
    const widget = widgetOf(table.type);
    if (!widget) return null;
    return mode === 'detail' ? (
      <widget.Display control={table} value={null} ctx={rt} />
    ) : (
      <widget.Editor control={table} value={null} ctx={rt} disabled={false} onChange={() => undefined} />
    );
  };
  if (layout === 'stack') {
    return (
      <div className="sub-table-section">
        {tables.map((table) => (
          <Card key={modelOf(table)} size="small" title={nameOf(table)} className="sub-table-card">
            {panel(table)}
          </Card>
        ))}
      </div>
    );
  }
  return (
    <Tabs
      className="sub-table-section sub-table-tabs"
      type="card"
      items={tables.map((table) => ({ key: modelOf(table), label: nameOf(table), children: panel(table) }))}
    />
  );
}
