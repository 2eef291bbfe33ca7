import { Tag, Timeline } from 'antd';
import { COMMENT_STATUS_TEXT } from '@park/core';
import type { ApproveDetails } from './api.ts';

const COLORS: Record<number, string> = { 0: 'green', 1: 'red', 2: 'orange', 3: 'blue', 4: 'blue', 5: 'gray', 6: 'blue', 7: 'gray' };

/** The history (queryapprovedetails' list), then who the instance waits for now. */
export function ApprovalTimeline({ details }: { details: ApproveDetails }) {
  const items = [
    ...details.list.map((c) => ({
      color: COLORS[c.status] ?? 'gray',
      content: (
        <div className="approval-entry">
          <div>
            <b>{c.realName}</b> <Tag color={COLORS[c.status]}>{COMMENT_STATUS_TEXT[c.status] ?? c.status}</Tag>
            <span className="approval-node">{c.nodeName}</span>
            <span className="approval-time">{c.approveTime}</span>
          </div>
          {c.remark && <div className="approval-remark">{c.remark}</div>}
          {c.approveItems.length > 0 && (
            <div className="approval-items">{c.approveItems.map((i) => `${i.itemName ?? i.itemModel}：${String(i.itemValue ?? '')}`).join('；')}</div>
          )}
        </div>
      ),
    })),
    ...details.waitList.map((w) => ({
      color: 'blue',
      loading: true,
      content: (
        <div className="approval-entry">
          <b>{w.userList.map((u) => u.realName).join('、')}</b> <Tag color="processing">待处理</Tag>
          <span className="approval-node">{w.nodeName}</span>
          {w.dueTime && <span className="approval-time">时限 {w.dueTime}</span>}
        </div>
      ),
    })),
  ];
  return <Timeline items={items} />;
}
