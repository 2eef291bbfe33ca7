import { Card, Tabs } from 'antd';
import { subTablesOf, tableShowTypeOf, type FormContext, type FormMeta } from '@park/core';
import { widgetOf } from '../controls/registry.ts';
import type { RenderMode, RuntimeContext } from '../controls/types.ts';
import { modelOf, nameOf } from '../controls/common/values.ts';
import { SubTablePanel } from './subtable/SubTablePanel.tsx';

export type SubTableLayout = 'tabs' | 'stack';

/**
 * How the detail view lays out sub-tables (spec 001 §2.8): tabs by default (transverse), or
 * stacked when sensorSettingsV2 says so (its tableShowType, at the root or on a widget's showType).
 */
export function subTableLayoutOf(meta: FormMeta): SubTableLayout {
  return tableShowTypeOf(meta);
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
    renderSubTable: (control) => <SubTablePanel control={control} ctx={rt} />,
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
