import { useState } from 'react';
import { Tabs } from 'antd';
import { DOC_SOURCE } from '@park/core';
import { useSession } from '../../lib/session.tsx';
import { DocLibrary } from './DocLibraryPage.tsx';

/* 我的文件 (issue 38): a user's own 个人文件夹 to file into, and the libraries they may read. */
export function MyDocPage() {
  const [tab, setTab] = useState('mine');
  const hasTenant = useSession().user.companyId !== null;
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: 'mine', label: '个人文件夹', children: <DocLibrary source={DOC_SOURCE.personal} manage title="我的文件" /> },
        { key: 'share', label: '共享文件库', children: <DocLibrary source={DOC_SOURCE.share} manage={false} /> },
        ...(hasTenant ? [{ key: 'enterprise', label: '企业文件库', children: <DocLibrary source={DOC_SOURCE.enterprise} manage={false} /> }] : []),
      ]}
    />
  );
}
