import { useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Space, Tree, TreeSelect, type TreeDataNode } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DOC_TEXT, docTreeNameError, docTreeParentError, filterDocTree, type DocSource, type DocTreeKind, type DocTreeNode } from '@park/core';
import { deleteTreeNodes, docKeys, listTree, saveTreeNode } from './api.ts';

/*
 * TagSelected and FileClassificationSelected (screens-round3 §4.4) as one picker: a search box,
 * 新增, the tree with 编辑/删除 on each node; single (分类) or multiple (标签) choice.
 */
const WORDS: Record<DocTreeKind, { title: string; search: string; name: string; parent: string }> = {
  classification: { title: '选择文件分类', search: '输入分类名称搜索', name: '分类名称', parent: '父级分类' },
  tag: { title: '选择标签', search: '输入标签搜索', name: '标签名称', parent: '父级标签' },
};

export interface PickedNode { id: number; name: string; parentId: number | null }

const find = (nodes: readonly DocTreeNode[], id: number): DocTreeNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
};

function NodeDialog({ kind, scope, tree, node, onClose }: { kind: DocTreeKind; scope: { source: DocSource; tenantId?: string }; tree: DocTreeNode[]; node: DocTreeNode | null; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ name: string; parentId?: number }>();
  const [saving, setSaving] = useState(false);
  interface SelectNode { value: number; title: string; children: SelectNode[] }
  const toSelect = (nodes: DocTreeNode[]): SelectNode[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toSelect(n.children) }));
  return (
    <Modal
      open
      title={node ? `编辑${WORDS[kind].name.slice(0, 2)}` : `新增${WORDS[kind].name.slice(0, 2)}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        setSaving(true);
        try {
          await saveTreeNode(kind, { id: node?.id, ...scope, name: v.name, parentId: v.parentId ?? null, code: v.name, level: v.parentId ? (find(tree, v.parentId)?.level ?? 0) + 1 : 1 });
          void message.success(DOC_TEXT.saved);
          await qc.invalidateQueries({ queryKey: docKeys.tree(kind) });
          onClose();
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" name={`doc-${kind}-node`} initialValues={{ name: node?.name, parentId: node?.parentId ?? undefined }}>
        <Form.Item name="name" label={WORDS[kind].name} rules={[{ validator: (_, v) => { const e = docTreeNameError(kind, v); return e ? Promise.reject(new Error(e)) : Promise.resolve(); } }]}>
          <Input placeholder={`请输入${WORDS[kind].name}`} />
        </Form.Item>
        <Form.Item
          name="parentId"
          label={WORDS[kind].parent}
          rules={[{ validator: (_, v) => { const e = v ? docTreeParentError(kind, find(tree, v)?.level ?? null) : null; return e ? Promise.reject(new Error(e)) : Promise.resolve(); } }]}
        >
          <TreeSelect allowClear treeDefaultExpandAll placeholder="不选则为一级" treeData={toSelect(tree)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function TreePicker({ kind, scope, multiple, value, readOnly, onOk, onClose }: {
  kind: DocTreeKind;
  scope: { source: DocSource; tenantId?: string };
  multiple: boolean;
  value: number[];
  /** Only choosing: no 新增/编辑/删除 (a user filing into their folder). */
  readOnly?: boolean;
  onOk: (picked: PickedNode[]) => void;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [checked, setChecked] = useState<number[]>(value);
  const [editing, setEditing] = useState<DocTreeNode | null | undefined>(undefined);
  const tree = useQuery({ queryKey: [...docKeys.tree(kind), scope.source, scope.tenantId ?? ''], queryFn: () => listTree(kind, scope.source, scope.tenantId) });
  const nodes = tree.data ?? [];
  const toData = (list: DocTreeNode[]): TreeDataNode[] =>
    list.map((n) => ({
      key: n.id,
      title: (
        <Space size={4}>
          <span>{n.name}</span>
          {readOnly ? null : (
            <>
              <a onClick={(e) => { e.stopPropagation(); setEditing(n); }}>编辑</a>
              <Popconfirm title={DOC_TEXT.deleteConfirm} onConfirm={async () => { await deleteTreeNodes(kind, [n.id]); void message.success(DOC_TEXT.treeDeleted); await qc.invalidateQueries({ queryKey: docKeys.tree(kind) }); }}>
                <a onClick={(e) => e.stopPropagation()}>删除</a>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
      children: toData(n.children),
    }));
  const toggle = (id: number) => setChecked((c) => (multiple ? (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]) : [id]));
  return (
    <Modal
      open
      title={WORDS[kind].title}
      okText="确定"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => onOk(checked.map((id) => find(nodes, id)).filter((n): n is DocTreeNode => n !== undefined).map((n) => ({ id: n.id, name: n.name, parentId: n.parentId })))}
    >
      <Space style={{ marginBottom: 8 }}>
        <Input allowClear placeholder={WORDS[kind].search} value={search} onChange={(e) => setSearch(e.target.value)} />
        {readOnly ? null : <Button onClick={() => setEditing(null)}>新增</Button>}
      </Space>
      <Tree
        blockNode
        defaultExpandAll
        key={`${search}-${nodes.length}`}
        checkable={multiple}
        checkStrictly
        checkedKeys={multiple ? { checked, halfChecked: [] } : undefined}
        selectedKeys={multiple ? [] : checked}
        onCheck={(_, info) => toggle(Number(info.node.key))}
        onSelect={(_, info) => toggle(Number(info.node.key))}
        treeData={toData(filterDocTree(nodes, search))}
      />
      {editing !== undefined ? <NodeDialog kind={kind} scope={scope} tree={nodes} node={editing} onClose={() => setEditing(undefined)} /> : null}
    </Modal>
  );
}
