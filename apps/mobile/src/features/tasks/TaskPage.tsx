import { useState } from 'react';
import { Button, Dialog, ErrorBlock, NavBar, Popup, Radio, Space, TextArea, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/http.ts';
import { PageLoading } from '../../lib/PageLoading.tsx';
import { COUNTER_QUERY_ROOT } from '../counters/counters.ts';
import { approveTask, disapproveTask, loadDetails, loadFormConfByPdid, loadRecordByPid, returnTask, TASKS_QUERY_ROOT, transferTask, type CurrentNode } from './api.ts';
import { RecordFields } from './RecordFields.tsx';
import { ApproveStatusTag } from './StatusTag.tsx';
import { ApprovalTimeline } from './Timeline.tsx';
import { UserPicker } from './UserPicker.tsx';
import './tasks.css';

type ActionKind = 'approve' | 'disapprove' | 'resubmit' | 'return' | 'transfer';

/** The desktop's words for each outcome (apps/web/src/features/approval/TaskPage.tsx). */
const DONE_TEXT: Record<ActionKind, string> = { approve: '已同意', disapprove: '已驳回', resubmit: '已重新提交', return: '已退回', transfer: '已转办' };

/** The comment box and the buttons the caller's node allows; 退回 and 转办 ask in a sheet. */
function Actions({ node, busy, onAct }: { node: CurrentNode; busy: boolean; onAct: (kind: ActionKind, remark: string, extra?: { target?: string; reapprove?: boolean; userId?: string }) => void }) {
  const [remark, setRemark] = useState('');
  const [sheet, setSheet] = useState<'return' | 'transfer' | null>(null);
  const [target, setTarget] = useState<string | undefined>(node.returnTargets[0]?.nodeId);
  const [reapprove, setReapprove] = useState(true);
  const [userId, setUserId] = useState<string | undefined>();
  const needRemark = (required: boolean) => {
    if (required && remark.trim() === '') {
      Toast.show({ content: '请填写审批意见' });
      return false;
    }
    return true;
  };
  const confirmSheet = () => {
    if (sheet === 'return') {
      if (!target) return void Toast.show({ content: '请选择退回的节点' });
      if (!needRemark(true)) return;
      onAct('return', remark, { target, reapprove });
    } else if (sheet === 'transfer') {
      if (!userId) return void Toast.show({ content: '请选择转办人' });
      onAct('transfer', remark, { userId });
    }
    setSheet(null);
  };
  return (
    <>
      <div className="m-task-remark">
        <TextArea
          aria-label="审批意见"
          placeholder={node.resubmit ? '说明（选填）' : node.commentRequired ? '审批意见（必填）' : '审批意见'}
          value={remark}
          onChange={setRemark}
          rows={3}
          maxLength={1000}
          showCount
        />
      </div>
      <div className="m-task-actions">
        {node.resubmit ? (
          <Button color="primary" loading={busy} onClick={() => onAct('resubmit', remark)}>
            重新提交
          </Button>
        ) : (
          <>
            {node.allowReturn && (
              <Button disabled={busy} onClick={() => setSheet('return')}>
                退回
              </Button>
            )}
            {node.allowTransfer && (
              <Button disabled={busy} onClick={() => setSheet('transfer')}>
                转办
              </Button>
            )}
            <Button color="danger" fill="outline" disabled={busy} onClick={() => {
                if (needRemark(true)) onAct('disapprove', remark);
              }}>
              驳回
            </Button>
            <Button color="primary" loading={busy} onClick={() => {
                if (needRemark(node.commentRequired)) onAct('approve', remark);
              }}>
              同意
            </Button>
          </>
        )}
      </div>
      <Popup visible={sheet !== null} onMaskClick={() => setSheet(null)} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '80vh', overflowY: 'auto' }}>
        <div className="m-sheet">
          <div className="m-sheet-title">{sheet === 'return' ? '退回' : '转办'}</div>
          {sheet === 'return' && (
            <Space direction="vertical" block>
              <span>退回至</span>
              <Radio.Group value={target} onChange={(v) => setTarget(String(v))}>
                <Space direction="vertical">
                  {node.returnTargets.map((t) => (
                    <Radio key={t.nodeId} value={t.nodeId}>
                      {t.nodeName}
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
              <Radio.Group value={reapprove ? 'all' : 'me'} onChange={(v) => setReapprove(v === 'all')}>
                <Space direction="vertical">
                  <Radio value="all">重新提交后逐级重新审批</Radio>
                  <Radio value="me">重新提交后直接回到我</Radio>
                </Space>
              </Radio.Group>
              {remark.trim() === '' && <span className="m-hint">退回需要填写审批意见</span>}
            </Space>
          )}
          {sheet === 'transfer' && (
            <>
              <span>转办给</span>
              <UserPicker value={userId} onChange={setUserId} />
            </>
          )}
          <div className="m-sheet-buttons">
            <Button onClick={() => setSheet(null)}>取消</Button>
            <Button color="primary" onClick={confirmSheet}>
              确定
            </Button>
          </div>
        </div>
      </Popup>
    </>
  );
}

/** /task/:id (the process instance): the record read-only, the history, and what the caller may do now. */
export function TaskPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const pid = Number(id);
  const viewOnly = params.get('view') === '1';
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const details = useQuery({ queryKey: [...TASKS_QUERY_ROOT, 'details', pid], queryFn: ({ signal }) => loadDetails(pid, signal), enabled: pid > 0, gcTime: 0, staleTime: 0 });
  const pdid = details.data?.processDefinitionId;
  const conf = useQuery({ queryKey: [...TASKS_QUERY_ROOT, 'form', pdid], queryFn: ({ signal }) => loadFormConfByPdid(pdid!, signal), enabled: !!pdid });
  const record = useQuery({ queryKey: [...TASKS_QUERY_ROOT, 'record', pid], queryFn: ({ signal }) => loadRecordByPid(pid, signal), enabled: pid > 0, gcTime: 0, staleTime: 0 });
  const back = () => void navigate(-1);
  const header = (
    <NavBar onBack={back} className="m-navbar">
      审批详情
    </NavBar>
  );
  if (!(pid > 0)) return <div className="m-page">{header}<ErrorBlock status="empty" title="缺少流程编号" description="" /></div>;
  const failed = details.error ?? conf.error ?? record.error;
  if (failed) return <div className="m-page">{header}<ErrorBlock status="default" title={errorMessage(failed, '审批加载失败')} description="" /></div>;
  if (!details.data || !conf.data || !record.data) return <div className="m-page">{header}<PageLoading /></div>;
  const d = details.data;
  const taskId = d.currentTaskId;
  const node = viewOnly ? null : d.currentNode;

  const act = async (kind: ActionKind, remark: string, extra: { target?: string; reapprove?: boolean; userId?: string } = {}) => {
    if (!taskId) return;
    if (kind === 'disapprove' && !(await Dialog.confirm({ content: '确认驳回此审批吗？', confirmText: '确定', cancelText: '取消' }))) return;
    setBusy(true);
    try {
      if (kind === 'approve' || kind === 'resubmit') await approveTask(taskId, { remark, businessId: d.businessId, formId: d.formId });
      else if (kind === 'disapprove') await disapproveTask(taskId, remark);
      else if (kind === 'return') await returnTask(taskId, extra.target!, extra.reapprove ?? true, remark);
      else await transferTask(taskId, extra.userId!, remark);
      Toast.show({ icon: 'success', content: DONE_TEXT[kind] });
      await Promise.all([client.invalidateQueries({ queryKey: TASKS_QUERY_ROOT }), client.invalidateQueries({ queryKey: COUNTER_QUERY_ROOT })]);
      void navigate('/tasks', { replace: true });
    } catch {
      // The http client has shown the server's reason; the task may have moved on meanwhile.
      await client.invalidateQueries({ queryKey: [...TASKS_QUERY_ROOT, 'details', pid] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="m-page m-task-page" data-testid="task-page">
      {header}
      <div className="m-task-head">
        <h2>{d.businessName}</h2>
        <Space align="center">
          <ApproveStatusTag status={d.approveStatus} />
          {conf.data.formName ? <span className="m-timeline-meta">{String(conf.data.formName)}</span> : null}
          {node && <span className="m-timeline-meta">当前节点：{node.nodeName}</span>}
        </Space>
      </div>
      <RecordFields formMeta={conf.data.formMeta} record={record.data} formId={Number(d.formId)} businessId={String(d.businessId ?? '')} />
      <ApprovalTimeline details={d} />
      {node && taskId && <Actions key={taskId} node={node} busy={busy} onAct={(k, r, e) => void act(k, r, e)} />}
    </div>
  );
}
