import { useState } from 'react';
import { Button, Checkbox, Form, Popover, Select, Table, Tooltip, type TableColumnsType } from 'antd';
import { FileExcelOutlined, LinkOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { clickLinkage, itemLabel, measureKey, TABLE_PAGE_SIZES, tableImportFormId, withTableImport, type AxisItem, type Json } from '@park/core';
import { ImportDialog } from '../../../form/list/ImportDialog.tsx';
import { listDatasets, reportKeys } from '../../api.ts';
import { useJump } from '../../../form/list/useJump.tsx';
import { useRuntime } from '../../viewer/runtime.tsx';
import { ConfigPanels, DataPanel } from '../shared/config/DataPanel.tsx';
import { FrameStyle, RefreshSetting } from '../shared/config/StylePanel.tsx';
import { useWidgetData } from '../shared/useWidgetData.ts';
import { WidgetFrame, WidgetNote } from '../shared/WidgetFrame.tsx';
import type { WidgetConfigProps, WidgetRenderProps, WidgetUi } from '../types.ts';
import { useTableExport } from './useTableExport.ts';
import { JumpEditor } from './JumpEditor.tsx';

const PAGE_SIZES = TABLE_PAGE_SIZES.map(String);
const IMPORT_RECHECK_MS = 1000;
const colsOf = (data: Json): AxisItem[] => (Array.isArray(data.cols) ? (data.cols as AxisItem[]) : []);
const keyOf = (c: AxisItem) => measureKey(c, 'none');

/** 表格: paged rows with serial numbers; a jump column opens a record, a report or a link; Excel export. */
function TableRenderer({ widget, kind }: WidgetRenderProps) {
  const rt = useRuntime();
  const style = widget.style ?? {};
  const paged = style.pagination !== false;
  const [page, setPage] = useState({ pageNum: 1, pageSize: Number(style.pageSize) || 10 });
  const state = useWidgetData(widget, kind, paged ? page : { pageNum: 1, pageSize: Math.min(500, Number(widget.querySize) || 500) });
  const jump = useJump(() => state.refetch());
  const importForm = tableImportFormId(widget);
  const [importing, setImporting] = useState(false);
  const exporter = useTableExport(widget, state.body);
  const data = (widget.data ?? {}) as Json;
  const cols = colsOf(data);
  const serial = style.showSerialNum !== false;

  const columns: TableColumnsType<Record<string, unknown>> = [
    ...(serial ? [{ title: '序号', key: '$seq', width: 64, render: (_v: unknown, _r: unknown, i: number) => (page.pageNum - 1) * (paged ? page.pageSize : 0) + i + 1 }] : []),
    ...cols.map((c) => ({
      title: itemLabel(c),
      dataIndex: keyOf(c),
      key: keyOf(c),
      render: (v: unknown, row: Record<string, unknown>) => {
        const text = v === null || v === undefined ? '' : String(v);
        return c.isJump ? (
          <a className="rw-jump-link" onClick={() => jump.run(c.jumpInfo, row)}>
            {text || '查看'}
          </a>
        ) : (
          text
        );
      },
    })),
  ];
  const tools =
    rt.mode === 'view' ? (
      <>
        {importForm !== null && (
          <Tooltip title="导入">
            <Button type="text" size="small" icon={<UploadOutlined />} aria-label="导入" onClick={() => setImporting(true)} />
          </Tooltip>
        )}
        <Tooltip title="导出Excel">
          <Button type="text" size="small" icon={<FileExcelOutlined />} aria-label="导出Excel" loading={exporter.running} onClick={exporter.start} />
        </Tooltip>
      </>
    ) : null;
  const onRow = (row: Record<string, unknown>) => ({
    onClick: (e: React.MouseEvent) => {
      if ((e.target as HTMLElement).closest('a')) return;
      const first = cols[0];
      if (!first) return;
      const link = clickLinkage({ ...widget, data: { ...data, classAxis: [first] } }, [], row[keyOf(first)]);
      const current = rt.linkages.find((l) => l.source === widget.id);
      rt.setLinkage(widget.id, current && link && JSON.stringify(current.conds) === JSON.stringify(link.conds) ? null : link);
    },
  });
  return (
    <WidgetFrame widget={widget} tools={tools} loading={state.loading} fresh={state.data}>
      {state.illegal ? (
        <WidgetNote text={state.illegal} />
      ) : state.error ? (
        <WidgetNote kind="error" text={state.error} />
      ) : (
        <Table<Record<string, unknown>>
          className="rw-table"
          size="small"
          rowKey={(r) => JSON.stringify(r)}
          columns={columns}
          dataSource={state.data?.datas ?? []}
          onRow={onRow}
          scroll={{ x: 'max-content' }}
          pagination={
            paged
              ? {
                  current: page.pageNum,
                  pageSize: page.pageSize,
                  total: state.data?.totalCount ?? 0,
                  showSizeChanger: true,
                  pageSizeOptions: PAGE_SIZES,
                  showTotal: (t) => `共 ${t} 条`,
                  onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
                }
              : false
          }
        />
      )}
      {jump.element}
      {importForm !== null && (
        <ImportDialog
          formId={importForm}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => {
            state.refetch();
            // The engine may trust the form's data stamp for a moment (REPORT_STAMP_MAX_AGE_MS): ask once more after it.
            window.setTimeout(state.refetch, IMPORT_RECHECK_MS);
          }}
        />
      )}
    </WidgetFrame>
  );
}

const EMPTY = { cols: [], querySort: [], btns: [], reportSettings: {} };

/** 导入: offered only on a dataset over a form; the rows go into that form through its own import. */
function ImportSetting({ widget, onChange }: { widget: WidgetConfigProps['widget']; onChange: WidgetConfigProps['onChange'] }) {
  const data = (widget.data ?? {}) as Json;
  const { data: list = [] } = useQuery({ queryKey: reportKeys.datasets, queryFn: ({ signal }) => listDatasets(signal) });
  const found = list.find((d) => String(d.id) === String(data.dataset))?.formId;
  const formId = found === null || found === undefined ? null : Number(found);
  return (
    <Form.Item label="导入" extra={formId ? '查看时可按表单的导入模板导入数据' : '数据集来自表单时可导入'}>
      <Checkbox disabled={!formId} checked={tableImportFormId(widget) !== null} onChange={(e) => onChange({ ...widget, data: withTableImport(data, e.target.checked ? formId : null) })}>
        允许导入到表单
      </Checkbox>
    </Form.Item>
  );
}

function TableConfig({ widget, kind, onChange }: WidgetConfigProps) {
  const data = (widget.data ?? {}) as Json;
  const style = widget.style ?? {};
  const cols = colsOf(data);
  const keys = cols.map(keyOf);
  const patchCol = (i: number, p: Partial<AxisItem>) => onChange({ ...widget, data: { ...data, cols: cols.map((c, j) => (i === j ? { ...c, ...p } : c)) } }, `jump-${i}`);
  const dataPanel = (
    <DataPanel widget={widget} kind={kind} onChange={onChange} clear={EMPTY}>
      <ImportSetting widget={widget} onChange={onChange} />
      {cols.length > 0 && (
        <Form.Item label="列跳转">
          <div className="rw-jump-cols">
            {cols.map((c, i) => (
              <Popover key={`${c.id}-${i}`} trigger="click" title={`${itemLabel(c)} 跳转`} content={<JumpEditor item={c} keys={keys} onPatch={(p) => patchCol(i, p)} />}>
                <Button size="small" icon={c.isJump ? <LinkOutlined /> : undefined} aria-label={`${itemLabel(c)}跳转`}>
                  {itemLabel(c)}
                </Button>
              </Popover>
            ))}
          </div>
        </Form.Item>
      )}
    </DataPanel>
  );
  const stylePanel = (
    <Form layout="vertical" size="small">
      <FrameStyle widget={widget} onChange={onChange} />
      <Form.Item label="分页">
        <Checkbox checked={style.pagination !== false} onChange={(e) => onChange({ ...widget, style: { ...style, pagination: e.target.checked } })}>
          分页显示
        </Checkbox>
      </Form.Item>
      <Form.Item label="每页条数">
        <Select aria-label="每页条数" value={Number(style.pageSize) || 10} options={TABLE_PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))} onChange={(pageSize: number) => onChange({ ...widget, style: { ...style, pageSize } })} />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={style.showSerialNum !== false} onChange={(e) => onChange({ ...widget, style: { ...style, showSerialNum: e.target.checked } })}>
          显示序号
        </Checkbox>
      </Form.Item>
      <RefreshSetting widget={widget} onChange={onChange} />
    </Form>
  );
  return <ConfigPanels data={dataPanel} style={stylePanel} />;
}

export const tableWidget: WidgetUi = { Renderer: TableRenderer, Config: TableConfig };
