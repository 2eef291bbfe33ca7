import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Form, Input, InputNumber, Space, Spin, Tree, type TableColumnsType, type TreeDataNode } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_TEXT,
  DIC_CODE_MESSAGE,
  DIC_CODE_PATTERN,
  DIC_TYPE_CODE_MESSAGE,
  DIC_TYPE_CODE_PATTERN,
  type DicCatalog,
  type DicType,
} from '@park/core';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { notifyError } from '../../../lib/feedback.ts';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { ListPage } from '../../../lib/ListPage.tsx';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import {
  addDicCatalog,
  addDicType,
  checkDicType,
  deleteDicCatalog,
  deleteDicType,
  keys,
  listDicCatalog,
  listDicType,
  updateDicCatalog,
  updateDicType,
} from '../api.ts';
import { uniqueNameValidator } from '../common.tsx';
import '../system.css';

/**
 * Deletes with the spec's confirmation; when records still use the entries, the server answers
 * 409 with how many, and the user is asked again with that number before it is forced.
 */
function useDeleteInUse() {
  const { modal, message } = App.useApp();
  return (what: string, run: (force: boolean) => Promise<unknown>, after: () => Promise<unknown>) => {
    const done = async () => {
      void message.success(ADMIN_TEXT.deleted);
      await after();
    };
    modal.confirm({
      title: ADMIN_TEXT.deleteConfirm,
      content: what,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await run(false);
          await done();
        } catch (e) {
          if (!(e instanceof ApiError && e.status === 409)) {
            notifyError(errorMessage(e, '删除失败'));
            throw e;
          }
          modal.confirm({
            title: '该字典项仍在使用',
            content: e.errMsg,
            okText: '仍然删除',
            cancelText: '取消',
            okButtonProps: { danger: true },
            onOk: async () => {
              await run(true);
              await done();
            },
          });
        }
      },
    });
  };
}

interface TypeForm {
  typeCode: string;
  typeName: string;
  remark: string;
}

function TypeDialog({ type, onClose }: { type: DicType | null; onClose: () => void }) {
  const uniqueCode = useMemo(() => uniqueNameValidator((code) => checkDicType(code), ADMIN_TEXT.dicTypeTaken), []);
  const dialog = useEditDialog({
    save: async (v: TypeForm) => {
      if (type) await updateDicType({ id: type.id, typeName: v.typeName.trim(), remark: v.remark?.trim() || null });
      else await addDicType({ typeCode: v.typeCode.trim(), typeName: v.typeName.trim(), remark: v.remark?.trim() || null });
    },
    onClose,
    refresh: [keys.dicTypes],
  });
  return (
    <EditModal<TypeForm>
      title={type ? '编辑字典类型' : '新增字典类型'}
      {...dialog}
      name="dicType"
      layout="vertical"
      initialValues={type ? { typeCode: type.typeCode, typeName: type.typeName, remark: type.remark ?? '' } : {}}
    >
      <Form.Item
        label="类型编码"
        name="typeCode"
        hasFeedback={!type}
        validateDebounce={0}
        extra={type ? '表单按编码引用字典，创建后不能修改' : '以字母开头，如 hazard_class'}
        rules={
          type
            ? []
            : [
                { required: true, whitespace: true, message: '请输入类型编码' },
                { pattern: DIC_TYPE_CODE_PATTERN, message: DIC_TYPE_CODE_MESSAGE },
                { validator: uniqueCode },
              ]
        }
      >
        <Input disabled={Boolean(type)} maxLength={64} autoComplete="off" />
      </Form.Item>
      <Form.Item label="类型名称" name="typeName" rules={[{ required: true, whitespace: true, message: '请输入类型名称' }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </EditModal>
  );
}

interface EntryForm {
  code: string;
  name: string;
  orderIndex: number | null;
}

type EntryEditing = { mode: 'add'; parent: DicCatalog | null } | { mode: 'edit'; entry: DicCatalog } | null;

function EntryDialog({
  type,
  editing,
  onClose,
  onAdded,
}: {
  type: DicType;
  editing: Exclude<EntryEditing, null>;
  onClose: () => void;
  onAdded: (parentId: number | null) => void;
}) {
  const isEdit = editing.mode === 'edit';
  const dialog = useEditDialog({
    save: async (v: EntryForm) => {
      if (editing.mode === 'edit') {
        await updateDicCatalog({ id: editing.entry.id, name: v.name.trim(), orderIndex: v.orderIndex ?? undefined });
      } else {
        await addDicCatalog({
          typeId: type.id,
          parentId: editing.parent?.id ?? null,
          code: v.code.trim(),
          name: v.name.trim(),
          orderIndex: v.orderIndex ?? undefined,
        });
      }
    },
    onClose,
    // A new entry's parent opens, so the entry is seen.
    afterClose: () => {
      if (editing.mode === 'add') onAdded(editing.parent?.id ?? null);
    },
    refresh: [keys.dicCatalog],
  });
  const title = isEdit ? '编辑字典项' : editing.parent ? `新增下级字典项（上级：${editing.parent.name}）` : '新增字典项';
  return (
    <EditModal<EntryForm>
      title={title}
      {...dialog}
      name="dicEntry"
      layout="vertical"
      initialValues={editing.mode === 'edit' ? { code: editing.entry.code, name: editing.entry.name, orderIndex: editing.entry.orderIndex } : {}}
    >
      <Form.Item
        label="编码"
        name="code"
        extra={isEdit ? '记录中保存的是编码，创建后不能修改' : '同一类型内唯一'}
        rules={isEdit ? [] : [{ required: true, whitespace: true, message: '请输入编码' }, { pattern: DIC_CODE_PATTERN, message: DIC_CODE_MESSAGE }]}
      >
        <Input disabled={isEdit} maxLength={64} />
      </Form.Item>
      <Form.Item label="名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="排序" name="orderIndex">
        <InputNumber min={0} max={100000} precision={0} />
      </Form.Item>
    </EditModal>
  );
}

interface EntryNode extends TreeDataNode {
  key: number;
  entry: DicCatalog;
  children: EntryNode[];
}

const parentIds = (entries: DicCatalog[]): number[] =>
  entries.flatMap((e) => (e.children?.length ? [e.id, ...parentIds(e.children)] : []));

const toEntryTree = (entries: DicCatalog[]): EntryNode[] =>
  entries.map((e) => ({ key: e.id, entry: e, title: e.name, children: toEntryTree(e.children ?? []) }));

function findEntry(entries: DicCatalog[], id: number): DicCatalog | undefined {
  for (const e of entries) {
    if (e.id === id) return e;
    const below = findEntry(e.children ?? [], id);
    if (below) return below;
  }
  return undefined;
}

function EntryPanel({ type }: { type: DicType }) {
  const queryClient = useQueryClient();
  const deleteInUse = useDeleteInUse();
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<EntryEditing>(null);
  const { data = [], isLoading } = useQuery({
    queryKey: [...keys.dicCatalog, type.id],
    queryFn: ({ signal }) => listDicCatalog(type.id, signal),
  });
  const treeData = useMemo(() => toEntryTree(data), [data]);
  const entry = selected === null ? undefined : findEntry(data, selected);
  // Everything starts open; an entry that gains its first child opens too.
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const expandedKeys = useMemo(() => parentIds(data).filter((id) => !collapsed.has(id)), [data, collapsed]);

  return (
    <ListPage
      title={`字典项：${type.typeName}（${type.typeCode}）`}
      extra={
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ mode: 'add', parent: null })}>
            新增字典项
          </Button>
          <Button disabled={!entry} icon={<PlusOutlined aria-hidden="true" />} onClick={() => entry && setEditing({ mode: 'add', parent: entry })}>
            新增下级
          </Button>
          <Button disabled={!entry} icon={<EditOutlined aria-hidden="true" />} onClick={() => entry && setEditing({ mode: 'edit', entry })}>
            编辑
          </Button>
          <Button
            danger
            disabled={!entry}
            icon={<DeleteOutlined aria-hidden="true" />}
            onClick={() =>
              entry &&
              deleteInUse(
                `将删除字典项「${entry.name}」${entry.children?.length ? '及其下级字典项' : ''}。`,
                (force) => deleteDicCatalog(entry.id, force, { silent: true }),
                async () => {
                  setSelected(null);
                  await queryClient.invalidateQueries({ queryKey: keys.dicCatalog });
                },
              )
            }
          >
            删除
          </Button>
        </Space>
      }
    >
      {isLoading ? (
        <Spin />
      ) : treeData.length === 0 ? (
        <Empty description="该类型下暂无字典项" />
      ) : (
        <Tree<EntryNode>
          blockNode
          treeData={treeData}
          expandedKeys={expandedKeys}
          onExpand={(keys) => {
            const open = new Set(keys.map(Number));
            setCollapsed(new Set(parentIds(data).filter((id) => !open.has(id))));
          }}
          selectedKeys={selected === null ? [] : [selected]}
          onSelect={(k) => setSelected(k[0] === undefined ? null : Number(k[0]))}
          titleRender={(n) => (
            <span className="admin-tree-node">
              {n.entry.name}
              <span className="admin-tree-code">{n.entry.code}</span>
            </span>
          )}
        />
      )}
      {editing && (
        <EntryDialog
          type={type}
          editing={editing}
          onClose={() => setEditing(null)}
          onAdded={(parentId) =>
            setCollapsed((prev) => {
              if (parentId === null || !prev.has(parentId)) return prev;
              const next = new Set(prev);
              next.delete(parentId);
              return next;
            })
          }
        />
      )}
    </ListPage>
  );
}

export function DictManagePage() {
  const queryClient = useQueryClient();
  const deleteInUse = useDeleteInUse();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [wd, setWd] = useState('');
  const [selected, setSelected] = useState<DicType | null>(null);
  const [editing, setEditing] = useState<{ type: DicType | null } | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: [...keys.dicTypes, pageNum, pageSize, wd],
    queryFn: ({ signal }) => listDicType({ pageNum, pageSize, wd: wd || undefined }, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<DicType> = [
    { title: '类型名称', dataIndex: 'typeName', ellipsis: true },
    { title: '编码', dataIndex: 'typeCode', ellipsis: true },
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_v, t) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={(e) => (e.stopPropagation(), setEditing({ type: t }))}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={(e) => {
              e.stopPropagation();
              deleteInUse(
                `将删除字典类型「${t.typeName}」及其全部字典项。`,
                (force) => deleteDicType(t.id, force, { silent: true }),
                async () => {
                  if (selected?.id === t.id) setSelected(null);
                  await queryClient.invalidateQueries({ queryKey: keys.dicTypes });
                },
              );
            }}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-split">
      <Card
        title="字典类型"
        variant="borderless"
        className="admin-split-side admin-side-card dict-types"
        style={{ flexBasis: 400 }}
        extra={
          <Button size="small" type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ type: null })}>
            新增
          </Button>
        }
      >
        <Input.Search
          allowClear
          placeholder="名称或编码"
          style={{ marginBottom: 12 }}
          onSearch={(v) => {
            setWd(v.trim());
            paging.reset();
          }}
        />
        <PagedTable<DicType>
          rowKey="id"
          size="small"
          columns={columns}
          page={data}
          loading={isFetching}
          rowClassName={(t) => (t.id === selected?.id ? 'ant-table-row-selected' : '')}
          onRow={(t) => ({ onClick: () => setSelected(t), style: { cursor: 'pointer' } })}
          paging={paging}
          pagination={{ showSizeChanger: false, size: 'small' }}
        />
      </Card>
      <div className="admin-split-main">
        {selected ? (
          <EntryPanel key={selected.id} type={selected} />
        ) : (
          <ListPage title="字典项">
            <Empty description="请在左侧选择一个字典类型" />
          </ListPage>
        )}
      </div>
      {editing && <TypeDialog type={editing.type} onClose={() => setEditing(null)} />}
    </div>
  );
}
