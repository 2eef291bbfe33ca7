import { useRef, useState } from 'react';
import { App, Button, Card, Result, Space, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { parseFormMeta } from '@park/core';
import { useNavigate, useSearchParams } from 'react-router';
import { BackButton } from '../../lib/BackButton.tsx';
import { errorMessage } from '../../lib/http.ts';
import { flatFields } from '../../form/api.ts';
import { FORM_VALIDATION_FAILED } from '@park/core';
import { FormValidationError } from '../../form/store.ts';
import { useFormContext } from '../../form/useFormContext.ts';
import { COUNTER_QUERY_ROOT } from '../../lib/counterKeys.ts';
import { MSG_QUERY_ROOT } from '../msg/api.ts';
import {
  addSignTask,
  APPROVAL_QUERY_ROOT,
  approveTask,
  cancelProcess,
  disapproveTask,
  loadDetails,
  loadFormConfByPdid,
  loadRecordByPid,
  remindProcess,
  returnTask,
  transferTask,
} from './api.ts';
import { ApproveStatusTag } from './StatusTag.tsx';
import { TaskActions, type TaskAction } from './TaskActions.tsx';
import { TaskForm, type TaskFormHandle } from './TaskForm.tsx';
import { ApprovalTimeline } from './Timeline.tsx';
import './approval.css';

const DONE_TEXT: Record<TaskAction['kind'], string> = {
  approve: '已同意',
  disapprove: '已驳回',
  resubmit: '已重新提交',
  return: '已退回',
  transfer: '已转办',
  addSign: '已加签',
};

/** /formTaskInfo?processInstanceId=&taskId=: one approval, its record, its history and what the caller may do. */
export function TaskPage() {
  const { message, modal } = App.useApp();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pid = Number(params.get('processInstanceId'));
  const form = useRef<TaskFormHandle>(null);
  const [busy, setBusy] = useState(false);
  const details = useQuery({ queryKey: [...APPROVAL_QUERY_ROOT, 'details', pid], queryFn: ({ signal }) => loadDetails(pid, signal), enabled: pid > 0, retry: false, gcTime: 0 });
  const pdid = details.data?.processDefinitionId;
  const conf = useQuery({ queryKey: [...APPROVAL_QUERY_ROOT, 'form', pdid], queryFn: ({ signal }) => loadFormConfByPdid(pdid!, signal), enabled: !!pdid, retry: false });
  const record = useQuery({ queryKey: [...APPROVAL_QUERY_ROOT, 'record', pid, details.dataUpdatedAt], queryFn: ({ signal }) => loadRecordByPid(pid, signal), enabled: pid > 0, retry: false, gcTime: 0 });
  const { ready, ctx } = useFormContext('edit');

  if (!(pid > 0)) return <Result status="warning" title="缺少流程编号" />;
  const failed = details.error ?? conf.error ?? record.error;
  if (failed) return <Result status="warning" title={errorMessage(failed, '审批加载失败')} extra={<BackButton fallback="/waitDoneTask/WaitDoneTask" />} />;
  if (!details.data || !conf.data || !record.data || !ready) return <div className="page-spin"><Spin size="large" /></div>;
  const d = details.data;
  const parsed = parseFormMeta(conf.data.formMeta);
  if (!parsed.ok) return <Result status="warning" title={parsed.message} />;
  const definition = { formId: Number(conf.data.formId), formName: String(conf.data.formName ?? ''), meta: parsed.meta };
  const node = d.currentNode;
  const taskId = d.currentTaskId;

  const refreshAll = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: APPROVAL_QUERY_ROOT }),
      queryClient.invalidateQueries({ queryKey: COUNTER_QUERY_ROOT }),
      queryClient.invalidateQueries({ queryKey: MSG_QUERY_ROOT }),
    ]);
  };
  const act = async (action: TaskAction, remark: string) => {
    if (!taskId) return;
    let fields = {};
    try {
      fields = action.kind === 'approve' || action.kind === 'resubmit' ? flatFields(form.current?.collect() ?? {}, true) : {};
    } catch (err) {
      if (err instanceof FormValidationError) void message.error(FORM_VALIDATION_FAILED);
      return;
    }
    setBusy(true);
    try {
      const base = { remark, businessId: d.businessId, formId: d.formId };
      if (action.kind === 'approve' || action.kind === 'resubmit') await approveTask(taskId, { ...fields, ...base });
      else if (action.kind === 'disapprove') await disapproveTask(taskId, remark);
      else if (action.kind === 'return') await returnTask(taskId, action.targetNodeId, action.reapprove, remark);
      else if (action.kind === 'transfer') await transferTask(taskId, action.userId, remark);
      else await addSignTask(taskId, action.userId, action.position, remark);
      void message.success(DONE_TEXT[action.kind]);
      await refreshAll();
      void navigate('/waitDoneTask/WaitDoneTask');
    } catch {
      await refreshAll();
    } finally {
      setBusy(false);
    }
  };
  const remind = async () => {
    const r = await remindProcess(pid);
    void message.success(`已催办 ${r.reminded} 人`);
  };
  const cancel = () =>
    modal.confirm({
      title: '提示',
      content: '确认撤回此审批吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await cancelProcess(pid);
        void message.success('已撤回');
        await refreshAll();
      },
    });

  const editable = !node ? 'none' : node.resubmit ? 'all' : 'items';
  return (
    <div className="approval-page">
      <Card
        variant="borderless"
        title={
          <Space>
            <span>{d.businessName}</span>
            <ApproveStatusTag status={d.approveStatus} />
          </Space>
        }
        extra={
          <Space>
            {d.canRemind && <Button onClick={() => void remind()}>催办</Button>}
            {d.canCancel && <Button onClick={cancel}>撤回</Button>}
            <BackButton fallback="/waitDoneTask/WaitDoneTask" />
          </Space>
        }
      >
        {node && taskId && <TaskActions key={taskId} node={node} busy={busy} onAct={(a, r) => void act(a, r)} />}
      </Card>
      <div className="approval-body">
        <div className="approval-form">
          <TaskForm key={`${taskId ?? 'view'}-${record.dataUpdatedAt}`} ref={form} definition={definition} record={record.data} context={ctx} editable={editable} items={node?.approveItems ?? []} />
        </div>
        <Card title="审批记录" variant="borderless" className="approval-history">
          <ApprovalTimeline details={d} />
        </Card>
      </div>
    </div>
  );
}
