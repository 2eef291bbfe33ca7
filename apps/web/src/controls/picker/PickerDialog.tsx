import { useMemo, useState } from 'react';
import { App, Empty, Input, Spin, Table, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useQuery } from '@tanstack/react-query';
import { PICKER_SINGLE_ONLY, type MultiPickerItem } from '@park/core';
import { get } from '../../lib/http.ts';
import { isObject, textOf } from '../common/values.ts';
import { flattenTree, PICKER_PAGE_SIZE, type PickerRecord, type PickerSource } from './sources.ts';
import { PickerModal } from './PickerModal.tsx';

export interface PickerDialogProps {
  /** The caller mounts the dialog only while it is open. */
  open: boolean;
  title: string;
  /** Names this picker's cached pages (the control's form, key and type). */
  cacheKey: string;
  source: PickerSource;
  /** Users in tree form: an organisation tree narrows the table. */
  orgFilter: boolean;
  multiple: boolean;
  initial: MultiPickerItem[];
  onOk(records: PickerRecord[]): void;
  onCancel(): void;
}

/** A cell: text, or the names in a list such as roleList / orgList. */
function cellText(value: unknown): string {
  if (Array.isArray(value)) {
    return value
      .map((v) =>
        isObject(v)
          ? textOf(v.roleName) || textOf(v.orgName) || textOf(v.name) || textOf(v.label)
          : textOf(v),
      )
      .filter(Boolean)
      .join('，');
  }
  return textOf(value);
}

function toTreeData(nodes: PickerRecord[]): DataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.label,
    children: n.children ? toTreeData(n.children) : undefined,
  }));
}

function filterTree(nodes: PickerRecord[], keyword: string): PickerRecord[] {
  if (keyword === '') return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], keyword);
    if (n.label.includes(keyword) || children.length > 0)
      return [{ ...n, children: children.length > 0 ? children : undefined }];
    return [];
  });
}

interface OrgNodeRaw {
  id?: unknown;
  orgName?: unknown;
  children?: unknown;
}

function orgTreeData(list: unknown): DataNode[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((raw) => {
    const n = raw as OrgNodeRaw;
    const children = orgTreeData(n.children);
    return {
      key: textOf(n.id),
      title: textOf(n.orgName),
      children: children.length > 0 ? children : undefined,
    };
  });
}

/**
 * The picker dialog (spec 000 §2): a paged table (10 a page, searchable) or a tree, per the
 * control's displayModel. Single pickers take one record: choosing more is refused with the
 * spec's warning; the caller closes the dialog once the choice is saved.
 */
export function PickerDialog({
  open,
  title,
  cacheKey,
  source,
  orgFilter,
  multiple,
  initial,
  onOk,
  onCancel,
}: PickerDialogProps) {
  const { message } = App.useApp();
  // Mounted afresh each time it opens, so the choice starts from the field's value.
  const [selected, setSelected] = useState<Map<string, PickerRecord>>(
    () => new Map(initial.map((i) => [i.k, { id: i.k, label: i.v, raw: {} }])),
  );
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [orgId, setOrgId] = useState<string | undefined>();

  const tableQuery = useQuery({
    queryKey: ['picker-table', cacheKey, pageNum, keyword, orgId],
    queryFn: ({ signal }) =>
      source.mode === 'table' ? source.load({ pageNum, keyword, orgId, signal }) : Promise.resolve(null),
    enabled: open && source.mode === 'table',
    placeholderData: (prev) => prev,
    retry: false,
  });
  const treeQuery = useQuery({
    queryKey: ['picker-tree', cacheKey],
    queryFn: ({ signal }) => (source.mode === 'tree' ? source.load(signal) : Promise.resolve([])),
    enabled: open && source.mode === 'tree',
    retry: false,
  });
  const orgQuery = useQuery({
    queryKey: ['picker-org-tree'],
    queryFn: ({ signal }) => get<{ departManage?: unknown }>('/api/user/listOrgTree', undefined, { signal }),
    enabled: open && orgFilter,
    staleTime: 60_000,
  });

  const treeNodes = useMemo(() => filterTree(treeQuery.data ?? [], keyword), [treeQuery.data, keyword]);
  const treeIndex = useMemo(
    () => new Map(flattenTree(treeQuery.data ?? []).map((n) => [n.id, n])),
    [treeQuery.data],
  );

  const confirm = () => {
    const records = [...selected.values()];
    if (!multiple && records.length > 1) {
      void message.warning(PICKER_SINGLE_ONLY);
      return;
    }
    onOk(records);
  };

  const toggle = (records: PickerRecord[], on: boolean) => {
    setSelected((prev) => {
      const next = new Map(prev);
      for (const r of records) {
        if (on) next.set(r.id, r);
        else next.delete(r.id);
      }
      return next;
    });
  };

  const page = tableQuery.data;
  const search = (
    <Input.Search
      allowClear
      placeholder="请输入关键字"
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      onSearch={(v) => {
        setKeyword(v.trim());
        setPageNum(1);
      }}
      enterButton="查询"
      style={{ maxWidth: 360 }}
    />
  );

  let body;
  if (source.mode === 'table') {
    const columns = [
      {
        title: '序号',
        key: '__index',
        width: 64,
        render: (_: unknown, __: PickerRecord, i: number) => (pageNum - 1) * PICKER_PAGE_SIZE + i + 1,
      },
      ...(page?.columns ?? []).map((c) => ({
        title: c.title,
        key: c.key,
        ellipsis: true,
        render: (_: unknown, r: PickerRecord) => cellText(r.raw[c.key]) || (c.key === 'label' ? r.label : ''),
      })),
    ];
    const table = (
      <Table<PickerRecord>
        size="small"
        rowKey="id"
        loading={tableQuery.isFetching}
        dataSource={page?.rows ?? []}
        columns={columns}
        scroll={{ y: 360 }}
        onRow={(r) => ({ onClick: () => toggle([r], !selected.has(r.id)) })}
        rowSelection={{
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          onSelect: (r, on) => toggle([r], on),
          onSelectAll: (on, _rows, changed) => toggle(changed.filter(Boolean), on),
        }}
        pagination={{
          current: pageNum,
          pageSize: PICKER_PAGE_SIZE,
          total: page?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p) => setPageNum(p),
        }}
      />
    );
    body = orgFilter ? (
      <div className="picker-with-orgs">
        <div className="picker-org-tree">
          {orgQuery.isLoading ? (
            <Spin />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              selectedKeys={orgId ? [orgId] : []}
              treeData={orgTreeData(orgQuery.data?.departManage)}
              onSelect={(keys) => {
                setOrgId(keys[0] === undefined ? undefined : String(keys[0]));
                setPageNum(1);
              }}
            />
          )}
        </div>
        <div className="picker-table">{table}</div>
      </div>
    ) : (
      table
    );
  } else if (treeQuery.isLoading) {
    body = <Spin className="picker-spin" />;
  } else if (treeNodes.length === 0) {
    body = <Empty description="暂无数据" />;
  } else {
    body = (
      <Tree
        className="picker-tree"
        checkable
        checkStrictly
        blockNode
        defaultExpandAll
        height={400}
        treeData={toTreeData(treeNodes)}
        checkedKeys={{ checked: [...selected.keys()], halfChecked: [] }}
        onCheck={(_keys, info) => {
          const node = treeIndex.get(String(info.node.key));
          if (node) toggle([node], info.checked);
        }}
        onSelect={(_keys, info) => {
          const node = treeIndex.get(String(info.node.key));
          if (node) toggle([node], !selected.has(node.id));
        }}
      />
    );
  }

  return (
    <PickerModal open={open} title={title} onCancel={onCancel} onOk={confirm}>
      <div className="picker-toolbar">{search}</div>
      <div className="picker-selected">
        <span className="picker-selected-label">已选择：</span>
        {selected.size === 0 ? (
          <span className="field-display-empty">无</span>
        ) : (
          [...selected.values()].map((r) => (
            <Tag key={r.id} closable onClose={() => toggle([r], false)}>
              {r.label || r.id}
            </Tag>
          ))
        )}
      </div>
      {body}
    </PickerModal>
  );
}
