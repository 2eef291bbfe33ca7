import { Tag } from 'antd-mobile';
import { COMMENT_STATUS_TEXT } from '@park/core';
import type { ApproveDetails } from './api.ts';

const COLOURS: Record<number, string> = { 0: '#00b578', 1: '#ff3141', 2: '#ff8f1f', 3: '#1677ff', 4: '#1677ff', 5: '#999', 6: '#1677ff', 7: '#999' };

/** 审批记录: the history (queryapprovedetails' list), then who the instance waits for now. */
export function ApprovalTimeline({ details }: { details: ApproveDetails }) {
  return (
    <section className="m-timeline" aria-label="审批记录" data-testid="approval-timeline">
      <h3 className="m-wb-title">审批记录</h3>
      {details.list.map((c, i) => (
        <div key={`c-${i}`} className="m-timeline-item">
          <span className="m-timeline-dot" style={{ background: COLOURS[c.status] ?? '#999' }} />
          <div className="m-timeline-who">
            <b>{c.realName}</b>
            <Tag color={COLOURS[c.status] ?? 'default'} fill="outline">
              {COMMENT_STATUS_TEXT[c.status] ?? String(c.status)}
            </Tag>
            {c.nodeName && <span className="m-timeline-meta">{c.nodeName}</span>}
          </div>
          <div className="m-timeline-meta">{c.approveTime}</div>
          {c.remark && <div className="m-timeline-remark">{c.remark}</div>}
          {c.approveItems.length > 0 && <div className="m-timeline-remark">{c.approveItems.map((i) => `${i.itemName ?? i.itemModel}：${String(i.itemValue ?? '')}`).join('；')}</div>}
        </div>
      ))}
      {details.waitList.map((w, i) => (
        <div key={`w-${i}`} className="m-timeline-item">
          <span className="m-timeline-dot" style={{ background: '#1677ff' }} />
          <div className="m-timeline-who">
            <b>{w.userList.map((u) => u.realName).join('、')}</b>
            <Tag color="primary" fill="outline">
              待处理
            </Tag>
            {w.nodeName && <span className="m-timeline-meta">{w.nodeName}</span>}
          </div>
          {w.dueTime && <div className="m-timeline-meta">时限 {w.dueTime}</div>}
        </div>
      ))}
    </section>
  );
}
