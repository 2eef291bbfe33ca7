import { Checkbox, InputNumber, Radio, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SUPERVISOR_LEVELS, type Recipient } from '@park/core';
import { get } from '../../../lib/http.ts';

const EMPTY = { person: [], role: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] };

interface Named {
  id: number | string;
  realName?: string;
  username?: string;
  roleName?: string;
}

function useList(url: string) {
  return useQuery({
    queryKey: ['approval-design-list', url],
    queryFn: ({ signal }) => get<{ datas?: Named[] }>(url, { pageNum: 1, pageSize: 500 }, { signal, silent: true }),
    staleTime: 60_000,
  });
}

/**
 * Who: 指定成员, 主管 (level 1–5, or 连续多级主管 up to the level), 发起人自己 or a role
 * (spec 001 §3.4 types 1, 2, 3, 0). Changing the type clears the other selections (spec 001 §4).
 */
export function RecipientEditor({ value, onChange, continuous, onContinuous, types }: {
  value: Recipient;
  onChange: (r: Recipient) => void;
  continuous?: boolean;
  onContinuous?: (v: boolean) => void;
  types: ReadonlyArray<0 | 1 | 2 | 3>;
}) {
  const users = useList('/api/user/listUser');
  const roles = useList('/api/user/listRole');
  const labels: Record<0 | 1 | 2 | 3, string> = { 1: '指定成员', 2: '主管', 3: '发起人自己', 0: '角色' };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Radio.Group value={Number(value.type)} onChange={(e) => onChange({ ...EMPTY, type: e.target.value as number, ...(e.target.value === 2 ? { leader: 1 } : {}) })}>
        {types.map((t) => (
          <Radio key={t} value={t}>
            {labels[t]}
          </Radio>
        ))}
      </Radio.Group>
      {Number(value.type) === 1 && (
        <Select
          mode="multiple"
          aria-label="指定成员"
          placeholder="请选择成员"
          style={{ width: '100%' }}
          value={(value.person ?? []).map((p) => String(p.id))}
          showSearch={{ optionFilterProp: 'label' }}
          options={(users.data?.datas ?? []).map((u) => ({ value: String(u.id), label: `${u.realName ?? ''}（${u.username ?? ''}）` }))}
          onChange={(ids: string[]) => {
            const byId = new Map((users.data?.datas ?? []).map((u) => [String(u.id), u.realName ?? '']));
            onChange({ ...value, person: ids.map((id) => ({ id: Number(id), name: byId.get(id) ?? id, type: 1 })) });
          }}
        />
      )}
      {Number(value.type) === 2 && (
        <Space>
          <span>发起人的第</span>
          <InputNumber aria-label="主管级别" min={1} max={SUPERVISOR_LEVELS.length} value={Number(value.leader ?? 1)} onChange={(v) => onChange({ ...value, leader: Number(v ?? 1) })} />
          <span>级主管</span>
          {onContinuous && (
            <Checkbox checked={!!continuous} onChange={(e) => onContinuous(e.target.checked)}>
              连续多级主管（逐级审批至该级）
            </Checkbox>
          )}
        </Space>
      )}
      {Number(value.type) === 0 && (
        <Select
          mode="multiple"
          aria-label="角色"
          placeholder="请选择角色"
          style={{ width: '100%' }}
          value={(value.role ?? []).map((r) => String(r.roleId))}
          options={(roles.data?.datas ?? []).map((r) => ({ value: String(r.id), label: r.roleName ?? String(r.id) }))}
          onChange={(ids: string[]) => {
            const byId = new Map((roles.data?.datas ?? []).map((r) => [String(r.id), r.roleName ?? '']));
            onChange({ ...value, role: ids.map((id) => ({ roleId: Number(id), roleName: byId.get(id) ?? id })) });
          }}
        />
      )}
    </Space>
  );
}
