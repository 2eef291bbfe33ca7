import { useMemo, useState } from 'react';
import { App, Button, Form, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DatasetSummary, DataSetConf, SourceColumnView } from '@park/core';
import { EditModal, useEditDialog } from '../../lib/EditModal.tsx';
import { ListPage, tableLocale } from '../../lib/ListPage.tsx';
import { getDataset, listColumns, listDatasets, listReportDatasources, listTables, reportKeys, saveDataset, syncDataset } from './api.ts';
import { buildDsMeta, choicesOf, columnId, defaultUse, type CalculatedDraft, type ColumnChoice, type ColumnUse } from './datasetDraft.ts';
import '../system/system.css';
import './report.css';

interface DatasetForm {
  name: string;
  datasourceId: number;
  tables: string[];
}

const USE_OPTIONS: Array<{ value: ColumnUse; label: string }> = [
  { value: 'none', label: '不使用' },
  { value: 'dim', label: '维度' },
  { value: 'measure', label: '度量' },
];
const TYPE_TEXT: Record<SourceColumnView['dataType'], string> = { String: '文本', Number: '数字', Date: '日期' };

function DatasetDialog({ conf, onClose }: { conf: DataSetConf | null; onClose: () => void }) {
  const initial = useMemo(() => (conf ? choicesOf(conf.dsMeta) : null), [conf]);
  const [choices, setChoices] = useState<Record<string, ColumnChoice>>(initial?.choices ?? {});
  const [calculated, setCalculated] = useState<CalculatedDraft[]>(initial?.calculated ?? []);
  const { data: sources = [] } = useQuery({ queryKey: reportKeys.datasources, queryFn: ({ signal }) => listReportDatasources(signal) });
  const queryClient = useQueryClient();
  // The columns on screen when 保存 is pressed: the ones loaded for the chosen tables.
  const shown = (v: DatasetForm) =>
    v.tables.map((table) => ({ table, columns: queryClient.getQueryData<SourceColumnView[]>(reportKeys.columns(v.datasourceId, table)) ?? [] }));
  const dialog = useEditDialog({
    save: (v: DatasetForm): Promise<{ id: number }> =>
      saveDataset({
        ...(conf ? { id: conf.id } : {}),
        name: v.name.trim(),
        datasourceId: v.datasourceId,
        dsMeta: buildDsMeta(shown(v), choices, calculated.filter((c) => v.tables.includes(c.table)), conf ? 'none' : 'guess'),
      }),
    onClose,
    refresh: [reportKeys.datasets],
  });
  const datasourceId: number | null = Form.useWatch('datasourceId', dialog.form) ?? conf?.datasourceId ?? null;
  const tables: string[] = Form.useWatch('tables', dialog.form) ?? initial?.tables ?? [];
  const { data: tableList = [], isFetching: tablesLoading } = useQuery({
    queryKey: reportKeys.tables(datasourceId),
    queryFn: ({ signal }) => listTables(datasourceId!, signal),
    enabled: datasourceId !== null,
  });
  const columnQueries = useQueries({
    queries: tables.map((t) => ({ queryKey: reportKeys.columns(datasourceId, t), queryFn: ({ signal }: { signal: AbortSignal }) => listColumns(datasourceId!, t, signal), enabled: datasourceId !== null })),
  });
  const loaded = tables.flatMap((t, i) => (columnQueries[i]?.data ? [{ table: t, columns: columnQueries[i].data }] : []));
  const tableDesc = (t: string) => tableList.find((x) => x.tableName === t)?.tableDesc ?? t;
  const choiceOf = (table: string, c: SourceColumnView): ColumnChoice => choices[columnId(table, c.columnName)] ?? { use: conf ? 'none' : defaultUse(c), alias: '' };
  const setChoice = (table: string, c: SourceColumnView, patch: Partial<ColumnChoice>) =>
    setChoices((prev) => ({ ...prev, [columnId(table, c.columnName)]: { ...choiceOf(table, c), ...patch } }));

  type Row = SourceColumnView & { table: string };
  const columns: TableColumnsType<Row> = [
    { title: '字段', dataIndex: 'columnDesc', render: (v: string, r) => <span title={r.columnName}>{v}</span> },
    { title: '字段名', dataIndex: 'columnName', width: 150 },
    { title: '类型', dataIndex: 'dataType', width: 70, render: (v: SourceColumnView['dataType']) => TYPE_TEXT[v] },
    {
      title: '用作',
      key: 'use',
      width: 120,
      render: (_v, r) => (
        <Select<ColumnUse> size="small" aria-label={`${r.columnDesc}用作`} style={{ width: 100 }} value={choiceOf(r.table, r).use} options={USE_OPTIONS} onChange={(use) => setChoice(r.table, r, { use })} />
      ),
    },
    {
      title: '别名',
      key: 'alias',
      width: 150,
      render: (_v, r) => (
        <Input size="small" aria-label={`${r.columnDesc}别名`} maxLength={64} value={choiceOf(r.table, r).alias} onChange={(e) => setChoice(r.table, r, { alias: e.target.value })} />
      ),
    },
  ];

  return (
    <EditModal<DatasetForm>
      title={conf ? '编辑数据集' : '新增数据集'}
      {...dialog}
      name="dataset"
      layout="vertical"
      width={900}
      initialValues={conf ? { name: conf.name, datasourceId: conf.datasourceId, tables: initial!.tables } : { datasourceId: sources.find((s) => s.builtIn)?.id, tables: [] }}
      onValuesChange={(changed: Partial<DatasetForm>) => {
        if (changed.datasourceId !== undefined) dialog.form.setFieldValue('tables', []);
      }}
    >
      <Space.Compact block>
        <Form.Item label="数据集名称" name="name" style={{ flex: 1 }} rules={[{ required: true, whitespace: true, message: '请输入数据集名称' }]}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item label="数据源" name="datasourceId" style={{ width: 260 }} rules={[{ required: true, message: '请选择数据源' }]}>
          <Select options={sources.map((s) => ({ value: s.id, label: s.name }))} />
        </Form.Item>
      </Space.Compact>
      <Form.Item label="数据表" name="tables" rules={[{ required: true, type: 'array', min: 1, message: '请选择数据表' }]} extra="平台数据库中表单以名称列出；选择表单和它的子表时，子表的每一行带上所属表单的字段。">
        <Select
          mode="multiple"
          showSearch
          optionFilterProp="label"
          loading={tablesLoading}
          placeholder="选择表单或数据表"
          options={tableOptions(tableList)}
        />
      </Form.Item>
      {loaded.map(({ table, columns: cols }) => (
        <div key={table} className="report-dataset-table">
          <h4>{tableDesc(table)}</h4>
          <Table<Row> rowKey="columnName" size="small" pagination={false} scroll={{ y: 260 }} columns={columns} dataSource={cols.map((c) => ({ ...c, table }))} />
        </div>
      ))}
      {tables.length > 0 && (
        <div className="report-dataset-calculated">
          <h4>计算字段</h4>
          <p className="admin-hint">用公式语言编写，例如 {'${load_ton} * 1000'}；只能引用所选表的数字字段，由服务器编译执行。</p>
          {calculated.map((f, i) => (
            <Space key={f.key} style={{ display: 'flex', marginBottom: 8 }}>
              <Select size="small" style={{ width: 180 }} value={f.table} options={tables.map((t) => ({ value: t, label: tableDesc(t) }))} onChange={(table) => setCalculated((prev) => prev.map((x, j) => (j === i ? { ...x, table } : x)))} />
              <Input size="small" aria-label="计算字段名称" placeholder="名称" style={{ width: 160 }} value={f.name} onChange={(e) => setCalculated((prev) => prev.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
              <Input size="small" aria-label="计算字段公式" placeholder="公式" style={{ width: 320 }} value={f.express} onChange={(e) => setCalculated((prev) => prev.map((x, j) => (j === i ? { ...x, express: e.target.value } : x)))} />
              <Button size="small" type="link" danger onClick={() => setCalculated((prev) => prev.filter((_, j) => j !== i))}>
                移除
              </Button>
            </Space>
          ))}
          <Button size="small" onClick={() => setCalculated((prev) => [...prev, { key: `new_${Date.now()}`, table: tables[0]!, name: '', express: '' }])}>
            添加计算字段
          </Button>
        </div>
      )}
    </EditModal>
  );
}

/**
 * The 数据表 picker's options: a table by its name for people (a form's name, 表单-子表), never the
 * raw form_12 the label used to start with (issue 42); the table name only tells apart two that
 * share a name.
 */
export function tableOptions(tables: ReadonlyArray<{ tableName: string; tableDesc: string }>) {
  const uses = new Map<string, number>();
  for (const t of tables) uses.set(t.tableDesc, (uses.get(t.tableDesc) ?? 0) + 1);
  return tables.map((t) => ({ value: t.tableName, label: (uses.get(t.tableDesc) ?? 0) > 1 ? `${t.tableDesc}（${t.tableName}）` : t.tableDesc }));
}

/** 数据集: what reports may read — tables, dimensions, measures, aliases and calculated fields. */
export function DataSetManagePage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ conf: DataSetConf | null } | null>(null);
  const { data = [], isFetching } = useQuery({ queryKey: reportKeys.datasets, queryFn: ({ signal }) => listDatasets(signal) });
  const { data: sources = [] } = useQuery({ queryKey: reportKeys.datasources, queryFn: ({ signal }) => listReportDatasources(signal) });

  const columns: TableColumnsType<DatasetSummary> = [
    { title: '数据集名称', dataIndex: 'name' },
    { title: '数据源', dataIndex: 'datasourceId', render: (id: number) => sources.find((s) => s.id === id)?.name ?? id },
    { title: '版本', dataIndex: 'version', width: 80, render: (v: number) => <Tag>v{v}</Tag> },
    { title: '更新时间', dataIndex: 'updateTime', width: 180, render: (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false }) },
    {
      title: '操作',
      key: 'action',
      width: 160,
      render: (_v, d) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void getDataset(d.id).then((conf) => setEditing({ conf }))}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() =>
              void syncDataset(d.id).then(async (r) => {
                const removed = r.list[0]?.removed ?? [];
                void message.success(removed.length ? `同步完成，已移除不存在的字段：${removed.join('、')}` : '同步完成');
                await queryClient.invalidateQueries({ queryKey: reportKeys.datasets });
              }, () => undefined)
            }
          >
            同步结构
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="数据集"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ conf: null })}>
          新增数据集
        </Button>
      }
    >
      <Table<DatasetSummary> rowKey="id" size="middle" columns={columns} dataSource={data} loading={isFetching} locale={tableLocale} pagination={false} />
      {editing && <DatasetDialog conf={editing.conf} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
