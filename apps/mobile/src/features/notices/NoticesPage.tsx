import { ErrorBlock, List, NavBar, Tag } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BASE_PATH, noticeBackgroundUrl } from '@park/core';
import { useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../lib/PageLoading.tsx';
import { myNotices, NOTICE_QUERY_ROOT, readNotice } from './api.ts';

/* 公告 list and detail on the phone (issue 38). The detail shows the server's sanitised HTML only. */

const day = (t: string | null) => (t ? t.slice(0, 16).replace('T', ' ') : '');

export function NoticesPage() {
  const navigate = useNavigate();
  const list = useQuery({ queryKey: [...NOTICE_QUERY_ROOT, 'mine'], queryFn: ({ signal }) => myNotices(signal) });
  return (
    <div data-testid="notices">
      <NavBar onBack={() => void navigate('/')}>公告</NavBar>
      {list.isPending && <PageLoading text="公告加载中" />}
      {list.data && list.data.datas.length === 0 && <ErrorBlock status="empty" title="暂无公告" description="" />}
      <List>
        {(list.data?.datas ?? []).map((n) => (
          <List.Item key={n.id} onClick={() => void navigate(`/notice/${n.id}`)} description={`${n.companyName ?? '园区'} · ${day(n.publishTime)}`} extra={n.read ? <Tag>已读</Tag> : <Tag color="danger">未读</Tag>}>
            {n.title}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

export function NoticePage() {
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const client = useQueryClient();
  const q = useQuery({
    queryKey: [...NOTICE_QUERY_ROOT, 'read', id],
    queryFn: async ({ signal }) => {
      const d = await readNotice(id, signal);
      // Opening marks it read: the list and the workbench's count change.
      void client.invalidateQueries({ queryKey: [...NOTICE_QUERY_ROOT, 'mine'] });
      void client.invalidateQueries({ queryKey: [...NOTICE_QUERY_ROOT, 'unread'] });
      return d;
    },
  });
  return (
    <div>
      <NavBar onBack={() => void navigate('/notices')}>公告详情</NavBar>
      {q.isPending && <PageLoading text="加载中" />}
      {q.isError && <ErrorBlock status="default" title="公告不存在或已撤回" description="" />}
      {q.data && (
        // The writer's 背景图片 behind the notice (images are served by the desktop build, under BASE_PATH).
        <article data-testid="notice-backdrop" style={{ padding: 16, minHeight: 'calc(100vh - 45px)', backgroundImage: `url("${noticeBackgroundUrl(BASE_PATH, q.data)}")`, backgroundSize: 'cover', backgroundPosition: 'center top' }}>
          <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{q.data.title}</h2>
          <div style={{ color: '#999', fontSize: 13, marginBottom: 12 }}>{day(q.data.publishTime)}</div>
          <div dangerouslySetInnerHTML={{ __html: q.data.content }} />
          {q.data.files.length > 0 && (
            <List header="附件">
              {q.data.files.map((f) => (
                <List.Item key={f.fileId} onClick={() => window.open(`/api/file/download/${f.fileId}`, '_blank')}>{f.fileName}</List.Item>
              ))}
            </List>
          )}
        </article>
      )}
    </div>
  );
}
