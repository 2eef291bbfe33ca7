import { useMemo, useState } from 'react';
import { App, Button, Card, Descriptions, Empty, Form, Input, Space, Tree, type TableColumnsType, type TreeDataNode, type TreeProps } from 'antd';
import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrgUser, OrgNode } from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { ListPage } from '../../../lib/ListPage.tsx';
import { PagedTable } from '../../../lib/PagedTable.tsx';
import { usePaging } from '../../../lib/paging.ts';
import { ORG_TREE_QUERY_KEY } from '../../../lib/shellApi.ts';
import { addOrg, deleteOrg, keys, listUserRelOrgByOrgId, moveOrg, updateOrg } from '../api.ts';
import { StatusTag, useConfirmDelete, useOrgTree } from '../common.tsx';
import { LeaderSelect } from './LeaderSelect.tsx';
import '../system.css';

interface OrgForm {
  orgName: string;
  orgCode: string;
  leaderId?: number | null;
}

type Editing = { mode: 'add'; parent: OrgNode | null } | { mode: 'edit'; org: OrgNode } | null;

interface Located {
  node: OrgNode;
  parent: OrgNode | null;
  siblings: OrgNode[];
  index: number;
}

function locate(orgs: OrgNode[], id: number, parent: OrgNode | null = null): Located | null {
  for (const [index, node] of orgs.entries()) {
    if (node.id === id) return { node, parent, siblings: orgs, index };
    const below = locate(node.children, id, node);
    if (below) return below;
  }
  return null;
}

interface OrgTreeNode extends TreeDataNode {
  key: number;
  title: string;
  children: OrgTreeNode[];
}

const toTree = (orgs: OrgNode[]): OrgTreeNode[] => orgs.map((o) => ({ key: o.id, title: o.orgName, children: toTree(o.children) }));

const parentIds = (orgs: OrgNode[]): number[] => orgs.flatMap((o) => (o.children.length ? [o.id, ...parentIds(o.children)] : []));

function OrgDialog({ editing, onClose, onSaved }: { editing: Exclude<Editing, null>; onClose: () => void; onSaved: (id: number) => void }) {
  const dialog = useEditDialog({
    save: async (v: OrgForm) => {
      if (editing.mode === 'edit') {
        await updateOrg({ id: editing.org.id, orgName: v.orgName.trim(), orgCode: v.orgCode?.trim() || null, leaderId: v.leaderId ?? null });
        return editing.org.id;
      }
      return (await addOrg({ parentId: editing.parent?.id ?? null, orgName: v.orgName.trim(), orgCode: v.orgCode?.trim() || null, leaderId: v.leaderId ?? null })).id;
    },
    onClose,
    // The page selects the saved organisation and refreshes the tree itself.
    afterClose: onSaved,
    refresh: [],
  });
  const title =
    editing.mode === 'edit' ? '编辑组织' : editing.parent ? `新增下级组织（上级：${editing.parent.orgName}）` : '新增顶级组织';
  return (
    <EditModal<OrgForm>
      title={title}
      {...dialog}
      name="org"
      layout="vertical"
      initialValues={editing.mode === 'edit' ? { orgName: editing.org.orgName, orgCode: editing.org.orgCode ?? '', leaderId: editing.org.leaderId ?? null } : {}}
    >
      <Form.Item label="组织名称" name="orgName" rules={[{ required: true, whitespace: true, message: '请输入组织名称' }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item label="组织编码" name="orgCode" extra="可选，用于与其他系统对接">
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item label="主管" name="leaderId" extra="可选；消息和审批按“主管”选择接收人时，逐级向上找各组织的主管">
        <LeaderSelect current={editing.mode === 'edit' && editing.org.leaderId ? { id: editing.org.leaderId, name: editing.org.leaderName ?? '' } : null} />
      </Form.Item>
    </EditModal>
  );
}

export function OrgManagePage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const { data: orgs = [], isFetching: treeLoading } = useOrgTree();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const treeData = useMemo(() => toTree(orgs), [orgs]);
  // Everything starts open; a node that gains its first child (added or dropped) opens too.
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const expandedKeys = useMemo(() => parentIds(orgs).filter((id) => !collapsed.has(id)), [orgs, collapsed]);
  const reveal = (id: number | null) =>
    setCollapsed((prev) => {
      if (id === null || !prev.has(id)) return prev;
      const next = new Set(prev);
      next.delete(id);
      return next;
    });
  const selected = selectedId === null ? null : locate(orgs, selectedId);

  const members = useQuery({
    queryKey: [...keys.orgUsers, selectedId, pageNum, pageSize],
    queryFn: ({ signal }) => listUserRelOrgByOrgId(selectedId!, pageNum, pageSize, signal),
    enabled: selectedId !== null,
    placeholderData: keepPreviousData,
  });

  const refreshTree = () => queryClient.invalidateQueries({ queryKey: ORG_TREE_QUERY_KEY });

  /** Drag and drop: onto a node makes it the parent; into a gap places it among that node's siblings. */
  const onDrop: TreeProps<OrgTreeNode>['onDrop'] = async (info) => {
    const dragId = Number(info.dragNode.key);
    const dropId = Number(info.node.key);
    const target = locate(orgs, dropId);
    if (!target) return;
    let parentId: number | null;
    let index: number;
    const relative = info.dropPosition - Number(String(info.node.pos).split('-').pop());
    if (!info.dropToGap || (relative === 1 && info.node.expanded && target.node.children.length > 0)) {
      // Onto a node, or just below an open node with children: first child of that node.
      parentId = dropId;
      index = 0;
    } else {
      parentId = target.parent?.id ?? null;
      // antd's dropPosition counts in the whole list; relative to the node, -1 is above it.
      const siblingsWithoutDragged = target.siblings.filter((s) => s.id !== dragId);
      const at = siblingsWithoutDragged.findIndex((s) => s.id === dropId);
      index = relative === -1 ? at : at + 1;
    }
    try {
      await moveOrg(dragId, parentId, Math.max(0, index));
      reveal(parentId);
      void message.success('已移动');
    } finally {
      await refreshTree();
    }
  };

  const columns: TableColumnsType<AdminOrgUser> = [
    { title: '用户名', dataIndex: 'username' },
    { title: '姓名', dataIndex: 'realName' },
    { title: '手机号', dataIndex: 'phone', render: (v: string | null) => v || '-' },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <StatusTag status={v} /> },
  ];

  return (
    <div className="admin-split">
      <Card
        title="组织机构"
        variant="borderless"
        className="admin-split-side admin-side-card"
        extra={
          <Button size="small" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ mode: 'add', parent: null })}>
            顶级组织
          </Button>
        }
      >
        <p className="admin-hint">拖动组织可调整上下级与顺序</p>
        <div className="admin-tree-wrap" data-testid="org-tree">
          {treeData.length > 0 ? (
            <Tree<OrgTreeNode>
              blockNode
              draggable={{ icon: false }}
              treeData={treeData}
              expandedKeys={expandedKeys}
              onExpand={(keys) => {
                const open = new Set(keys.map(Number));
                setCollapsed(new Set(parentIds(orgs).filter((id) => !open.has(id))));
              }}
              selectedKeys={selectedId === null ? [] : [selectedId]}
              onSelect={(keys) => {
                setSelectedId(keys[0] === undefined ? null : Number(keys[0]));
                paging.reset();
              }}
              onDrop={(info) => void onDrop(info)}
              titleRender={(n) => (
                <span className="admin-tree-node">
                  <ApartmentOutlined aria-hidden="true" />
                  {n.title}
                </span>
              )}
            />
          ) : (
            !treeLoading && <Empty description="暂无组织" />
          )}
        </div>
      </Card>
      <div className="admin-split-main">
        <ListPage
          title={selected ? selected.node.orgName : '组织详情'}
          extra={
            selected && (
              <Space>
                <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ mode: 'add', parent: selected.node })}>
                  新增下级
                </Button>
                <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => setEditing({ mode: 'edit', org: selected.node })}>
                  编辑
                </Button>
                <Button
                  danger
                  icon={<DeleteOutlined aria-hidden="true" />}
                  onClick={() =>
                    confirmDelete(async () => {
                      await deleteOrg(selected.node.id);
                      setSelectedId(null);
                      await refreshTree();
                    }, `将删除组织「${selected.node.orgName}」。`)
                  }
                >
                  删除
                </Button>
              </Space>
            )
          }
        >
          {selected ? (
            <>
              <Descriptions size="small" column={4} className="org-descriptions">
                <Descriptions.Item label="上级组织">{selected.parent?.orgName ?? '（顶级）'}</Descriptions.Item>
                <Descriptions.Item label="下级组织">{selected.node.children.length} 个</Descriptions.Item>
                <Descriptions.Item label="主管">{selected.node.leaderName ?? '未设置'}</Descriptions.Item>
                <Descriptions.Item label="组织用户">{members.data?.total ?? '-'} 人</Descriptions.Item>
              </Descriptions>
              <h3 className="org-members-title">组织用户</h3>
              <PagedTable<AdminOrgUser>
                rowKey="id"
                size="middle"
                columns={columns}
                page={members.data}
                loading={members.isFetching}
                paging={paging}
              />
            </>
          ) : (
            <Empty description="请在左侧选择一个组织" />
          )}
        </ListPage>
      </div>
      {editing && (
        <OrgDialog
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            if (editing.mode === 'add') reveal(editing.parent?.id ?? null);
            setEditing(null);
            setSelectedId(id);
            void refreshTree();
          }}
        />
      )}
    </div>
  );
}
