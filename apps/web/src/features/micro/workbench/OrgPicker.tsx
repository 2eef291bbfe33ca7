import { useState } from 'react';
import { Avatar, Breadcrumb, Button, Checkbox, Modal, Spin } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { OrgStructureEntry, WorkbenchPermission } from '@park/core';
import { listTenantOrgStructure } from '../api.ts';

/**
 * 选择部门与人员 (the original's TenantOreTransfer): browse the tenant's 组织架构 one level at a
 * time (listTenantOrgStructure), tick departments and people; a ticked department covers those
 * below it, so it is not entered.
 */
export function OrgPicker({ tenantId, value, onOk, onClose }: { tenantId: string; value: WorkbenchPermission[]; onOk: (p: WorkbenchPermission[]) => void; onClose: () => void }) {
  const [trail, setTrail] = useState<Array<{ id: number | null; name: string }>>([{ id: null, name: '组织架构' }]);
  const [picked, setPicked] = useState<WorkbenchPermission[]>(value);
  const here = trail[trail.length - 1]!;
  const { data = [], isFetching } = useQuery({ queryKey: ['micro', 'orgs', tenantId, here.id], queryFn: () => listTenantOrgStructure(tenantId, here.id) });
  const key = (p: { type: number; subId?: number | string; id?: number }) => `${p.type}:${p.subId ?? p.id}`;
  const chosen = new Set(picked.map(key));
  const toggle = (e: OrgStructureEntry, on: boolean) =>
    setPicked((prev) => (on ? [...prev, { subId: e.id, subName: e.name, type: e.type }] : prev.filter((p) => key(p) !== key(e))));
  return (
    <Modal open title="选择部门与人员" width={720} okText="保存" cancelText="取消" onOk={() => onOk(picked)} onCancel={onClose} destroyOnHidden>
      <div className="wb-org">
        <div className="wb-org-pane" aria-label="组织架构">
          <Breadcrumb
            items={trail.map((t, i) => ({ title: i === trail.length - 1 ? t.name : <a onClick={() => setTrail(trail.slice(0, i + 1))}>{t.name}</a> }))}
            style={{ marginBottom: 8 }}
          />
          <Spin spinning={isFetching}>
            {data.map((e) => (
              <div className="wb-org-row" key={key(e)}>
                <Checkbox checked={chosen.has(key(e))} onChange={(ev) => toggle(e, ev.target.checked)}>
                  {e.type === 0 ? <FolderOpenOutlined style={{ color: '#409EFF', marginRight: 4 }} aria-hidden="true" /> : <Avatar size={20} style={{ marginRight: 4 }}>{e.name.slice(0, 1)}</Avatar>}
                  {e.name}
                </Checkbox>
                {e.type === 0 && (
                  <Button type="link" size="small" disabled={chosen.has(key(e))} onClick={() => setTrail([...trail, { id: e.id, name: e.name }])} aria-label={`${e.name}的下级`}>
                    下级
                  </Button>
                )}
              </div>
            ))}
            {!isFetching && data.length === 0 && <div style={{ color: '#999' }}>暂无下级部门或人员</div>}
          </Spin>
        </div>
        <div className="wb-org-pane" aria-label="已选择">
          <div style={{ fontWeight: 600, marginBottom: 8 }}>已选择</div>
          {picked.map((p) => (
            <div className="wb-org-row" key={key(p)}>
              <span>
                {p.type === 0 ? <FolderOpenOutlined style={{ color: '#409EFF', marginRight: 4 }} aria-hidden="true" /> : <Avatar size={20} style={{ marginRight: 4 }}>{p.subName.slice(0, 1)}</Avatar>}
                {p.subName}
              </span>
              <Button type="link" size="small" onClick={() => setPicked((prev) => prev.filter((x) => key(x) !== key(p)))} aria-label={`删除${p.subName}`}>
                删除
              </Button>
            </div>
          ))}
        </div>
      </div>
    </Modal>
  );
}
