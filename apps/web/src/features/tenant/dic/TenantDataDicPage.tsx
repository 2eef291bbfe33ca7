import { useState } from 'react';
import { Card, Descriptions, Empty, Menu, Modal, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { DicCatalog, DicType } from '@park/core';
import { findEntry, toEntryTree } from '../../system/dict/entryTree.ts';
import { listTenantDicCatalog, listTenantDicType, TENANT_VIEW_ROOT } from '../common/api.ts';
import { TenantView } from '../common/TenantSelect.tsx';

/**
 * 租户管理 › 数据字典 (the original's TenantDataDic, read-only as its live screen): the tenant's
 * own dictionary types; a type shows its entry tree; 查看 shows a type or an entry.
 */
function TenantDics({ tenantId }: { tenantId: number }) {
  const types = useQuery({ queryKey: [...TENANT_VIEW_ROOT, 'dicTypes', tenantId], queryFn: ({ signal }) => listTenantDicType(tenantId, signal) });
  const [type, setType] = useState<DicType | null>(null);
  const [entry, setEntry] = useState<DicCatalog | null>(null);
  const [viewType, setViewType] = useState(false);
  const entries = useQuery({
    queryKey: [...TENANT_VIEW_ROOT, 'dicCatalog', tenantId, type?.id],
    queryFn: ({ signal }) => listTenantDicCatalog(tenantId, type!.id, signal),
    enabled: type !== null,
  });
  return (
    <div className="tenant-view-split">
      <Card title="字典类型" variant="borderless" className="tenant-view-side">
        {types.data?.length ? (
          <Menu
            selectedKeys={type ? [String(type.id)] : []}
            onClick={(e) => setType(types.data.find((t) => String(t.id) === e.key) ?? null)}
            items={types.data.map((t) => ({ key: String(t.id), label: t.typeName }))}
          />
        ) : (
          <Empty description="该租户暂无自有字典" />
        )}
      </Card>
      <Card
        title={type ? `字典类目：${type.typeName}` : '字典类目'}
        extra={type && <a onClick={() => setViewType(true)}>查看字典类型</a>}
        variant="borderless"
        className="tenant-view-main"
      >
        {type === null ? (
          <Empty description="请选择字典类型" />
        ) : (
          entries.data && (
            <Tree defaultExpandAll treeData={toEntryTree(entries.data)} onSelect={(keys) => setEntry(keys.length ? (findEntry(entries.data, Number(keys[0])) ?? null) : null)} />
          )
        )}
      </Card>
      <Modal title="查看字典类型" open={viewType && type !== null} footer={null} onCancel={() => setViewType(false)}>
        {type && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="类型名称">{type.typeName}</Descriptions.Item>
            <Descriptions.Item label="类型编码">{type.typeCode}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
      <Modal title="查看字典类目" open={entry !== null} footer={null} onCancel={() => setEntry(null)}>
        {entry && type && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="类目名称">{entry.name}</Descriptions.Item>
            <Descriptions.Item label="字典类型">{type.typeName}</Descriptions.Item>
            <Descriptions.Item label="类目编码">{entry.code}</Descriptions.Item>
            <Descriptions.Item label="父级类目">{entry.parentId === null ? '-' : (findEntry(entries.data ?? [], entry.parentId)?.name ?? '-')}</Descriptions.Item>
            <Descriptions.Item label="排序号">{entry.orderIndex}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </div>
  );
}

export function TenantDataDicPage() {
  return <TenantView title="数据字典">{(tenantId) => <TenantDics tenantId={tenantId} />}</TenantView>;
}
