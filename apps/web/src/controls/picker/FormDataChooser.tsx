import { useMemo, useState } from 'react';
import { Button, Input, Space, Table } from 'antd';
import { LeftOutlined, RightOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { DsConf } from '@park/core';
import { get } from '../../lib/http.ts';
import { flag, isObject, textOf } from '../common/values.ts';
import { PickerModal } from './PickerModal.tsx';

export interface ChooserColumn {
  key: string;
  title: string;
}

export type ChosenRow = Record<string, unknown>;

/** dsConf.columns as the designer saved them: names, or {model|column|key, name|label}. */
export function dsColumns(dsConf: DsConf | undefined): ChooserColumn[] {
  const list = Array.isArray(dsConf?.columns) ? dsConf.columns : [];
  return list
    .map((c): ChooserColumn | null => {
      if (typeof c === 'string') return { key: c, title: c };
      if (!isObject(c)) return null;
      const key = textOf(c.model) || textOf(c.column) || textOf(c.key) || textOf(c.columnName);
      const title = textOf(c.name) || textOf(c.label) || textOf(c.columnDesc) || key;
      return key ? { key, title } : null;
    })
    .filter((c): c is ChooserColumn => c !== null);
}

export interface ChooserCondition {
  key: string;
  label: string;
  type: string;
}

/** dsConf.conditions: the fields the chooser may search, each {key, label?, type?} or a name. */
export function dsConditions(dsConf: DsConf | undefined): ChooserCondition[] {
  const list = Array.isArray(dsConf?.conditions) ? dsConf.conditions : [];
  return list
    .map((c): ChooserCondition | null => {
      if (typeof c === 'string') return c ? { key: c, label: c, type: '$like' } : null;
      if (!isObject(c)) return null;
      const key = textOf(c.key) || textOf(c.model);
      const type = textOf(c.type) || textOf(c.opt);
      return key
        ? {
            key,
            label: textOf(c.label) || textOf(c.name) || key,
            type: type.startsWith('$') ? type : '$like',
          }
        : null;
    })
    .filter((c): c is ChooserCondition => c !== null);
}

/**
 * dsConf.mapping as {key: destination model, value: source column}, from a list of {key, value}
 * or a plain object. With no mapping, columns of the same name are copied.
 */
export function applyDsMapping(
  dsConf: DsConf | undefined,
  row: ChosenRow,
  destModels: readonly string[],
): Record<string, unknown> {
  const mapping = dsConf?.mapping;
  const pairs: Array<[string, string]> = Array.isArray(mapping)
    ? mapping.filter(isObject).map((m) => [textOf(m.key), textOf(m.value)] as [string, string])
    : isObject(mapping)
      ? Object.entries(mapping).map(([k, v]) => [k, textOf(v)] as [string, string])
      : [];
  const usable = pairs.filter(([dest, src]) => dest !== '' && src !== '');
  const out: Record<string, unknown> = {};
  if (usable.length === 0) {
    for (const model of destModels) if (model in row) out[model] = row[model];
    return out;
  }
  for (const [dest, src] of usable) if (src in row) out[dest] = row[src];
  return out;
}

const idOf = (row: ChosenRow) => textOf(row.id);

export const CHOOSER_PAGE_SIZE = 10;
export const CHOOSER_DEFAULT_SELECT_PAGE_SIZE = 50;

interface ChooseReply {
  datas?: unknown;
  totalCount?: unknown;
}

export interface FormDataChooserProps {
  /** The caller mounts the chooser only while it is open. */
  open: boolean;
  title: string;
  dsConf: DsConf | undefined;
  /** The form holding the control, and the control's key: the server reads dsConf from them. */
  formId: number | null;
  controlKey: string;
  /** 0 for a data reference (m_data_ref), 1 for a sub-table's data select. */
  keyType: 0 | 1;
  onOk(rows: ChosenRow[]): void;
  onCancel(): void;
}

/**
 * The form-data chooser (spec 000 §2): a search box only when search conditions are configured,
 * selection and index columns, a previous/next pager of 10 rows (50 with default select, which
 * selects the whole page), Cancel and OK.
 */
export function FormDataChooser({
  open,
  title,
  dsConf,
  formId,
  controlKey,
  keyType,
  onOk,
  onCancel,
}: FormDataChooserProps) {
  const defaultSelect = flag(dsConf?.defaultSelect);
  const pageSize = defaultSelect ? CHOOSER_DEFAULT_SELECT_PAGE_SIZE : CHOOSER_PAGE_SIZE;
  const [pageNum, setPageNum] = useState(1);
  const conditions = useMemo(() => dsConditions(dsConf), [dsConf]);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [condition, setCondition] = useState('');
  const [selected, setSelected] = useState<Map<string, ChosenRow>>(new Map());
  const columns = useMemo(() => dsColumns(dsConf), [dsConf]);

  const query = useQuery({
    queryKey: [
      'form-data-choose',
      formId,
      controlKey,
      textOf(dsConf?.formId),
      textOf(dsConf?.subKey),
      keyType,
      pageNum,
      pageSize,
      condition,
    ],
    queryFn: async ({ signal }) => {
      const reply = await get<ChooseReply>(
        '/api/form/queryFormDataForChoose',
        {
          // The form holding the control and its key; dest* name the data read (dsConf).
          formId: formId ?? undefined,
          key: controlKey,
          destFormId: textOf(dsConf?.formId),
          destSubKey: textOf(dsConf?.subKey),
          pageNum,
          pageSize,
          condition,
          keyType,
        },
        { signal },
      );
      // Default select: every row of a page is chosen as it arrives.
      if (defaultSelect && Array.isArray(reply.datas)) {
        const page = reply.datas.filter(isObject);
        setSelected((prev) => new Map([...prev, ...page.map((row) => [idOf(row), row] as const)]));
      }
      return reply;
    },
    enabled: open && formId !== null && textOf(dsConf?.formId) !== '',
    placeholderData: (prev) => prev,
    retry: false,
  });
  const rows = useMemo(
    () => (Array.isArray(query.data?.datas) ? query.data.datas.filter(isObject) : []),
    [query.data],
  );
  const total = Number(query.data?.totalCount ?? rows.length) || 0;

  const toggle = (list: ChosenRow[], on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const row of list) {
        if (on) next.set(idOf(row), row);
        else next.delete(idOf(row));
      }
      return next;
    });

  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  // A condition is built only for a field with a value (spec 000 §5).
  const search = () => {
    const list = conditions
      .map((c) => ({ key: c.key, type: c.type, value: (typed[c.key] ?? '').trim() }))
      .filter((c) => c.value !== '');
    setCondition(list.length > 0 ? JSON.stringify(list) : '');
    setPageNum(1);
  };
  return (
    <PickerModal open={open} title={title} onCancel={onCancel} onOk={() => onOk([...selected.values()])}>
      {conditions.length > 0 && (
        <div className="picker-toolbar chooser-search">
          {conditions.map((c) => (
            <Input
              key={c.key}
              allowClear
              aria-label={c.label}
              placeholder={`请输入${c.label}`}
              value={typed[c.key] ?? ''}
              onChange={(e) => setTyped((t) => ({ ...t, [c.key]: e.target.value }))}
              onPressEnter={search}
              style={{ width: 200 }}
            />
          ))}
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
        </div>
      )}
      <Table<ChosenRow>
        size="small"
        rowKey={idOf}
        loading={query.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 400 }}
        rowSelection={{
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          onSelect: (row, on) => toggle([row], on),
          onSelectAll: (on, _all, changed) => toggle(changed.filter(Boolean), on),
        }}
        columns={[
          {
            title: '序号',
            key: '__index',
            width: 64,
            render: (_v, _r, i) => (pageNum - 1) * pageSize + i + 1,
          },
          ...columns.map((c) => ({
            title: c.title,
            key: c.key,
            ellipsis: true,
            render: (_v: unknown, r: ChosenRow) => textOf(r[c.key]),
          })),
        ]}
      />
      <div className="chooser-pager">
        <span>
          共 {total} 条，已选择 {selected.size} 条
        </span>
        <Space>
          <Button
            size="small"
            icon={<LeftOutlined />}
            disabled={pageNum <= 1}
            onClick={() => setPageNum((p) => p - 1)}
          >
            上一页
          </Button>
          <span>
            第 {pageNum} / {lastPage} 页
          </span>
          <Button size="small" disabled={pageNum >= lastPage} onClick={() => setPageNum((p) => p + 1)}>
            下一页 <RightOutlined />
          </Button>
        </Space>
      </div>
    </PickerModal>
  );
}
