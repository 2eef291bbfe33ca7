import { useMemo, useState } from 'react';
import { Card, Descriptions, Modal, Table, Tree, type TableColumnsType, type TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { TenantOrgNode } from '@park/core';
import { listTenantOrg, TENANT_VIEW_ROOT } from '../common/api.ts';
import { TenantView } from '../common/TenantSelect.tsx';

interface OrgTreeNode extends TreeDataNode {
  org: TenantOrgNode;
}

const toNode = (org: TenantOrgNode): OrgTreeNode => ({ key: org.id, title: org.orgName, isLeaf: org.leaf, org });

/** The lazy tree: the roots, each opened node with the children loaded for it. */
function grow(orgs: TenantOrgNode[], loaded: ReadonlyMap<number, TenantOrgNode[]>): OrgTreeNode[] {
  return orgs.map((o) => {
    const kids = loaded.get(o.id);
    return kids ? { ...toNode(o), children: grow(kids, loaded) } : toNode(o);
  });
}

/**
 * 租户管理 › 组织 (the original's TenantOrg, read-only as its live screen): the tenant's
 * organisations as a lazy tree (listTenantOrg a level at a time); a node lists its children.
 */
function TenantOrgs({ tenantId }: { tenantId: number }) {
  const [loaded, setLoaded] = useState<ReadonlyMap<number, TenantOrgNode[]>>(new Map());
  const [current, setCurrent] = useState<TenantOrgNode | null>(null);
  const [viewing, setViewing] = useState<TenantOrgNode | null>(null);
  const roots = useQuery({
    queryKey: [...TENANT_VIEW_ROOT, 'orgs', tenantId],
    queryFn: ({ signal }) => listTenantOrg(tenantId, undefined, signal),
  });
  const tree = useMemo(() => grow(roots.data ?? [], loaded), [roots.data, loaded]);
  const rows = useQuery({
    queryKey: [...TENANT_VIEW_ROOT, 'orgs', tenantId, current?.id ?? 0],
    queryFn: ({ signal }) => (current ? listTenantOrg(tenantId, current.id, signal) : Promise.resolve(roots.data ?? [])),
    enabled: roots.isSuccess,
  });
  const columns: TableColumnsType<TenantOrgNode> = [
    { title: '组织名称', dataIndex: 'orgName' },
    { title: '组织编码', dataIndex: 'orgCode', render: (v: string | null) => v || '-' },
    { title: '上级组织', dataIndex: 'parentOrgName', render: (v: string | null) => v || '-' },
    { title: '排序号', dataIndex: 'orgIndex', width: 90 },
  ];
  return (
    <div className="tenant-view-split">
      <Card title="组织机构" variant="borderless" className="tenant-view-side">
        <Tree<OrgTreeNode>
          treeData={tree}
          loadData={async (node) => {
            const children = await listTenantOrg(tenantId, node.org.id);
            setLoaded((m) => new Map(m).set(node.org.id, children));
          }}
          onSelect={(_k, info) => setCurrent(info.selected ? info.node.org : null)}
        />
      </Card>
      <Card title={`当前组织：${current?.orgName ?? '全部'}`} variant="borderless" className="tenant-view-main">
        <Table<TenantOrgNode>
          rowKey="id"
          size="middle"
          loading={rows.isFetching}
          columns={columns}
          dataSource={rows.data ?? []}
          pagination={false}
          onRow={(r) => ({ onClick: () => setViewing(r), style: { cursor: 'pointer' } })}
        />
      </Card>
      <Modal title="查看" open={viewing !== null} footer={null} onCancel={() => setViewing(null)}>
        {viewing && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="组织名称">{viewing.orgName}</Descriptions.Item>
            <Descriptions.Item label="组织编码">{viewing.orgCode || '-'}</Descriptions.Item>
            <Descriptions.Item label="上级组织">{viewing.parentOrgName || '-'}</Descriptions.Item>
            <Descriptions.Item label="排序号">{viewing.orgIndex}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </div>
  );
}

export function TenantOrgPage() {
  return <TenantView title="组织">{(tenantId) => <TenantOrgs tenantId={tenantId} />}</TenantView>;
}
