import { useState } from 'react';
import { CheckList, DotLoading, SearchBar } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { searchUsers } from './api.ts';

/** One user, searched by name or account through listUser (转办's target), as the desktop's picker. */
export function UserPicker({ value, onChange }: { value: string | undefined; onChange: (id: string) => void }) {
  const [wd, setWd] = useState('');
  const users = useQuery({ queryKey: ['approval-user-picker', wd], queryFn: ({ signal }) => searchUsers(wd, signal), staleTime: 30_000 });
  return (
    <div className="m-user-picker">
      <SearchBar placeholder="输入姓名或账号搜索" onSearch={setWd} onClear={() => setWd('')} aria-label="搜索转办人" />
      {users.isFetching && <DotLoading />}
      <CheckList value={value ? [value] : []} onChange={(v) => v[0] !== undefined && onChange(String(v[0]))}>
        {(users.data ?? []).map((u) => (
          <CheckList.Item key={String(u.id)} value={String(u.id)}>
            {u.realName ?? ''}（{u.username ?? ''}）
          </CheckList.Item>
        ))}
      </CheckList>
    </div>
  );
}
