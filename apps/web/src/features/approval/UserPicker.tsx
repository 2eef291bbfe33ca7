import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/http.ts';

interface UserRow {
  id: number | string;
  realName?: string;
  username?: string;
}

/** One user, searched by name or account through listUser (转办 and 加签 targets). */
export function UserPicker({ value, onChange, ariaLabel }: { value?: string; onChange?: (v: string) => void; ariaLabel: string }) {
  const [wd, setWd] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['approval-user-picker', wd],
    queryFn: ({ signal }) => get<{ datas?: UserRow[] }>('/api/user/listUser', { pageNum: 1, pageSize: 20, wd: wd || undefined }, { signal }),
    staleTime: 30_000,
  });
  return (
    <Select
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setWd }}
      loading={isFetching}
      value={value}
      onChange={onChange}
      placeholder="输入姓名或账号搜索"
      options={(data?.datas ?? []).map((u) => ({ value: String(u.id), label: `${u.realName ?? ''}（${u.username ?? ''}）` }))}
    />
  );
}
