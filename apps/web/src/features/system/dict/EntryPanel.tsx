/** 字典项: the chosen dictionary type's entries as a tree, with add, edit and delete. */
import { useMemo, useState } from 'react';
import { Button, Empty, Space, Spin, Tree } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DicType } from '@park/core';
import { ListPage } from '../../../lib/ListPage.tsx';
import { deleteDicCatalog, keys, listDicCatalog } from '../api.ts';
import { EntryDialog, type EntryEditing } from './EntryDialog.tsx';
import { findEntry, parentIds, toEntryTree, type EntryNode } from './entryTree.ts';
import { useDeleteInUse } from './useDeleteInUse.ts';

export function EntryPanel({ type }: { type: DicType }) {
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
