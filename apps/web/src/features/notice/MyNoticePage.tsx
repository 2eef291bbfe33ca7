import { useState } from 'react';
import { Badge, Empty, List, Modal, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { BASE_PATH, NOTICE_TYPES, noticeBackgroundUrl } from '@park/core';
import { fileUrls } from '../preview/api.ts';
import { usePaging } from '../../lib/paging.ts';
import { ListPage } from '../../lib/ListPage.tsx';
import { myNotices, noticeKeys, readNotice } from './api.ts';

/* 我的公告 (issue 38): the notices the caller receives; opening one marks it read. */

/** The reading view: the server's sanitised HTML only, and the attachments with our preview. */
export function NoticeReader({ id, onClose }: { id: number; onClose: () => void }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['notice', 'read', id], queryFn: async () => { const d = await readNotice(id); void qc.invalidateQueries({ queryKey: noticeKeys.mine }); return d; } });
  const d = q.data;
  return (
    <Modal open title={d?.title ?? '公告'} width={820} footer={null} onCancel={onClose}>
      {d ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{NOTICE_TYPES.find(([c]) => c === d.noticeType)?.[1]} · {d.publishTime ? dayjs(d.publishTime).format('YYYY-MM-DD HH:mm') : ''}</Typography.Text>
          {/* content was sanitised by the server on save (modules/notice/sanitize.ts) */}
          {/* The writer's 背景图片 behind the text; the text keeps the page's colours. */}
          <div data-testid="notice-backdrop" style={{ backgroundImage: `url("${noticeBackgroundUrl(BASE_PATH, d)}")`, backgroundSize: 'cover', backgroundPosition: 'center bottom', borderRadius: 8, padding: '24px 28px', minHeight: 200 }}>
            <div className="notice-content" dangerouslySetInnerHTML={{ __html: d.content }} />
          </div>
          {d.files.length ? <Typography.Text strong>附件</Typography.Text> : null}
          {d.files.map((f) => <a key={f.fileId} href={fileUrls.page(f.fileId!)} target="_blank" rel="noreferrer">{f.fileName}</a>)}
        </Space>
      ) : null}
    </Modal>
  );
}

export function MyNoticePage() {
  const paging = usePaging();
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({ queryKey: [...noticeKeys.mine, paging.pageNum, paging.pageSize], queryFn: () => myNotices(paging.pageNum, paging.pageSize) });
  return (
    <ListPage title={<Space>我的公告<Badge count={list.data?.unReadNum ?? 0} /></Space>}>
      <List
        loading={list.isFetching}
        dataSource={list.data?.datas ?? []}
        locale={{ emptyText: <Empty description="暂无公告" /> }}
        pagination={{ current: paging.pageNum, pageSize: paging.pageSize, total: list.data?.totalCount ?? 0, onChange: paging.setPage }}
        renderItem={(n) => (
          <List.Item onClick={() => setOpen(n.id)} style={{ cursor: 'pointer' }} extra={n.publishTime ? dayjs(n.publishTime).format('YYYY-MM-DD HH:mm') : ''}>
            <Space>
              <Badge status={n.read ? 'default' : 'error'} text={n.read ? '已读' : '未读'} />
              <Typography.Text strong={!n.read}>{n.title}</Typography.Text>
              <Typography.Text type="secondary">{n.companyName ?? '园区'}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {open !== null ? <NoticeReader id={open} onClose={() => setOpen(null)} /> : null}
    </ListPage>
  );
}
