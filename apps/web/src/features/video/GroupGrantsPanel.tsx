import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Select, Space, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { AdminRole, VideoTreeNode } from '@park/core';
import { fetchGroupsOfRole, saveGroupsOfRole } from './api.ts';

const groupsOnly = (nodes: VideoTreeNode[]): DataNode[] =>
  nodes.filter((n) => n.kind === 'org').map((n) => ({ key: n.id, title: n.name, children: groupsOnly(n.children ?? []) }));

/**
 * 摄像头授权: which camera groups a role may watch. A checked group covers the groups and cameras
 * below it, so groups are checked one by one (no cascading).
 */
export function GroupGrantsPanel({ tree, roles }: { tree: VideoTreeNode[]; roles: AdminRole[] }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [roleId, setRoleId] = useState<string | null>(null);
  const [edited, setEdited] = useState<{ roleId: string; keys: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const data = useMemo(() => groupsOnly(tree), [tree]);
  const granted = useQuery({
    queryKey: ['video', 'groupRoles', roleId],
    queryFn: () => fetchGroupsOfRole(roleId!),
    enabled: roleId !== null,
  });
  const checked = edited && edited.roleId === roleId ? edited.keys : (granted.data ?? []);

  const save = async () => {
    if (!roleId) return;
    setSaving(true);
    try {
      await saveGroupsOfRole(roleId, checked);
      await queryClient.invalidateQueries({ queryKey: ['video', 'groupRoles', roleId] });
      setEdited(null);
      message.success('保存成功');
    } catch {
      /* the http client said why */
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="video-grants">
      <Space wrap className="video-pane-head">
        <span>
          角色{' '}
          <Select
            aria-label="角色"
            style={{ width: 220 }}
            placeholder="请选择角色"
            value={roleId}
            onChange={setRoleId}
            options={roles.map((r) => ({ value: String(r.id), label: r.roleName }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </span>
        <Button type="primary" disabled={!roleId} loading={saving} onClick={() => void save()}>
          保存
        </Button>
        <span className="video-hint">勾选的分组及其下级分组、摄像头对该角色可见；系统管理员可查看全部。</span>
      </Space>
      {!roleId ? (
        <Empty description="请选择角色" />
      ) : granted.isLoading ? (
        <Spin />
      ) : (
        <Tree
          className="video-grants-tree"
          treeData={data}
          defaultExpandAll
          checkable
          checkStrictly
          selectable={false}
          checkedKeys={checked}
          onCheck={(keys) => setEdited({ roleId, keys: (Array.isArray(keys) ? keys : keys.checked).map(String) })}
        />
      )}
    </div>
  );
}
