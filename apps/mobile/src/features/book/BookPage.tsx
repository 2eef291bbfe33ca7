import { useState } from 'react';
import { ErrorBlock, List, NavBar, SearchBar } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BOOK_QUERY_MAX, BOOK_TEXT, joinNames } from '@park/core';
import { PageLoading } from '../../lib/PageLoading.tsx';
import { BOOK_QUERY_ROOT, searchContacts } from './api.ts';
import './book.css';

/** 通讯录 on the phone (issue 38): search by name, tap a number to call it. */
export function BookPage() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const q = useQuery({
    queryKey: [...BOOK_QUERY_ROOT, name],
    queryFn: ({ signal }) => searchContacts(name, signal),
    placeholderData: keepPreviousData,
  });
  const rows = q.data?.datas ?? [];
  return (
    <div className="m-page" data-testid="book-page">
      <NavBar onBack={() => void navigate('/me')}>{BOOK_TEXT.mobileTitle}</NavBar>
      <div className="m-book-search">
        <SearchBar placeholder={BOOK_TEXT.mobileSearch} maxLength={BOOK_QUERY_MAX} onSearch={(v) => setName(v.trim())} onClear={() => setName('')} />
      </div>
      {q.isPending && <PageLoading text="加载中" />}
      {q.data && rows.length === 0 && <ErrorBlock status="empty" title={BOOK_TEXT.mobileEmpty} description="" />}
      <List>
        {rows.map((c) => (
          <List.Item
            key={c.id}
            description={[c.tenantName, joinNames(c.orgs, 'orgName'), c.jobs].filter(Boolean).join(' · ')}
            extra={
              c.phone ? (
                <a className="m-book-call" href={`tel:${c.phone}`} aria-label={`拨打${c.realName} ${c.phone}`}>
                  <PhoneFill /> {c.phone}
                </a>
              ) : (
                <span className="m-book-nophone">无电话</span>
              )
            }
          >
            {c.realName}
          </List.Item>
        ))}
      </List>
      {q.data && q.data.totalCount > rows.length && <div className="m-book-more">共 {q.data.totalCount} 人，请输入姓名缩小范围</div>}
    </div>
  );
}
