import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { listUser } from '../api.ts';

/**
 * 主管: an organisation's leader, picked from users by name (issue 18). Supervisor recipients of
 * messages and approvals walk up the organisations by their leaders.
 */
export function LeaderSelect({ value, onChange, current }: { value?: number | null; onChange?: (v: number | null) => void; current?: { id: number; name: string } | null }) {
  const [wd, setWd] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['system', 'leaderCandidates', wd],
    queryFn: ({ signal }) => listUser({ pageNum: 1, pageSize: 20, wd: wd || undefined, status: 0 }, signal),
  });
  const options = (data?.rows ?? []).map((u) => ({ value: u.id, label: `${u.realName}（${u.username}）` }));
  if (current && value === current.id && !options.some((o) => o.value === current.id)) options.unshift({ value: current.id, label: current.name });
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setWd }}
      placeholder="输入姓名搜索"
      loading={isFetching}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      aria-label="主管"
    />
  );
}
