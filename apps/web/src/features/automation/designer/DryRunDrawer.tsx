import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Select, Space, Table, Tag, Timeline } from 'antd';
import { AUTOMATION_NODE_TYPES, AUTOMATION_NODES, FORM_EVENT_TEXT, FORM_EVENTS, NODE_TYPE_TEXT, type AutomationNodeType, type FlowNode, type FormEventKind, type TriggerConf } from '@park/core';
import { errorMessage } from '../../../lib/http.ts';
import { dryRun, usersByIds, type DryRunEffect, type DryRunReply, type UserBrief } from './api.ts';
import { FORM_ACTION_TEXT } from './nodes/action/actionText.ts';
import { useFormFields } from './useFormFields.ts';
import { RecordSelect } from './widgets/RecordSelect.tsx';

/** A route's step (its definition holds branches) says which branch was taken. */
const branches = (type: number) => Object.hasOwn(AUTOMATION_NODES, type) && AUTOMATION_NODES[type as AutomationNodeType].branchRule === 'branches';

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '（空）' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Which branch each route on the path took: the branch whose id follows the route on the path. */
function branchTaken(root: FlowNode, path: DryRunReply['path']): Map<string, string | null> {
  const onPath = new Set(path.map((p) => p.nodeId));
  const out = new Map<string, string | null>();
  const visit = (node: FlowNode | null | undefined) => {
    for (let n = node; n; n = n.childNode) {
      if (n.conditionNodes) {
        if (onPath.has(n.nodeId)) out.set(n.nodeId, n.conditionNodes.find((b) => onPath.has(b.nodeId))?.nodeName ?? null);
        n.conditionNodes.forEach(visit);
      }
    }
  };
  visit(root);
  return out;
}

function Effect({ effect, users }: { effect: DryRunEffect; users: Map<string, UserBrief> }) {
  if (effect.error) return <Alert type="error" showIcon title={`不会成功：${effect.error}`} />;
  if (effect.kind === 'message') {
    const names = (effect.receivers ?? []).map((id) => users.get(String(id))?.realName ?? `用户${String(id)}`);
    return (
      <Descriptions size="small" column={1} bordered styles={{ label: { width: 90 } }}>
        <Descriptions.Item label="接收人">{names.length > 0 ? names.map((n) => <Tag key={n}>{n}</Tag>) : <span className="automation-error">没有接收人</span>}</Descriptions.Item>
        <Descriptions.Item label="标题">{effect.title}</Descriptions.Item>
        <Descriptions.Item label="内容">{effect.content}</Descriptions.Item>
        <Descriptions.Item label="跳转地址">{effect.menuUrl}</Descriptions.Item>
      </Descriptions>
    );
  }
  const action = FORM_ACTION_TEXT[effect.action as FormEventKind] ?? effect.action;
  if (effect.values) {
    return (
      <>
        <div>{action}：将写入以下值</div>
        <Table size="small" pagination={false} rowKey="k" dataSource={Object.entries(effect.values).map(([k, v]) => ({ k, v }))} columns={[{ title: '字段', dataIndex: 'k' }, { title: '值', dataIndex: 'v', render: show }]} />
      </>
    );
  }
  const matched = effect.matched ?? [];
  return (
    <>
      <div>
        {action}：匹配到 {matched.length} 条数据
      </div>
      {matched.map((m, i) =>
        typeof m === 'object' ? (
          <div key={i} className="automation-dryrun-change">
            <b>#{String(m.id)}</b>{' '}
            {Object.keys(m.after ?? {}).map((k) => (
              <span key={k} className="automation-dryrun-diff">
                {k}：{show(m.before?.[k])} → {show(m.after?.[k])}
              </span>
            ))}
          </div>
        ) : (
          <Tag key={i}>#{String(m)}</Tag>
        ),
      )}
    </>
  );
}

/**
 * 试运行: the flow as it stands in the designer (saved or not) against a real record of the
 * trigger form: which nodes would run, which branch each route takes, and what each action would
 * write or send. Nothing is written and nothing is sent.
 */
export function DryRunDrawer({ root, onClose }: { root: FlowNode; onClose: () => void }) {
  const trigger = (root.conf ?? {}) as TriggerConf;
  const formId = trigger.destId ? Number(trigger.destId) : null;
  const { fields } = useFormFields(formId);
  const [recordId, setRecordId] = useState<number | null>(null);
  const [event, setEvent] = useState<FormEventKind>((trigger.event || 'insert') as FormEventKind);
  const [result, setResult] = useState<{ reply: DryRunReply; users: Map<string, UserBrief> } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!recordId) return;
    setBusy(true);
    setError(null);
    try {
      const reply = await dryRun({ nodeConfig: root, businessId: recordId, event });
      const ids = reply.effects.flatMap((e) => e.receivers ?? []);
      const users = new Map((await usersByIds(ids)).map((u) => [String(u.id), u]));
      setResult({ reply, users });
    } catch (err) {
      setResult(null);
      setError(errorMessage(err, '试运行失败'));
    } finally {
      setBusy(false);
    }
  };

  const taken = result ? branchTaken(root, result.reply.path) : new Map<string, string | null>();
  const effectOf = new Map((result?.reply.effects ?? []).map((e) => [e.nodeId, e]));

  return (
    <Drawer open title="试运行" size={640} onClose={onClose} destroyOnHidden>
      {!formId ? (
        <Alert type="warning" showIcon title="请先设置触发器" />
      ) : (
        <>
          <Alert type="info" showIcon title="试运行只计算流程会做什么，不会写入任何数据，也不会发送消息。" style={{ marginBottom: 12 }} />
          <Space wrap style={{ marginBottom: 16 }}>
            <RecordSelect formId={formId} fields={fields?.main ?? []} value={recordId} onChange={setRecordId} />
            <Select aria-label="触发事件" style={{ width: 100 }} value={event} options={FORM_EVENTS.map((e) => ({ value: e, label: FORM_EVENT_TEXT[e] }))} onChange={setEvent} />
            <Button type="primary" onClick={() => void run()} loading={busy} disabled={!recordId}>
              开始试运行
            </Button>
          </Space>
          {error && <Alert type="error" showIcon title={error} />}
          {result &&
            (result.reply.path.length === 0 ? (
              <Empty description="没有节点会执行" />
            ) : (
              <Timeline
                data-testid="dryrun-result"
                items={result.reply.path.map((p) => {
                  const effect = effectOf.get(p.nodeId);
                  const branch = taken.get(p.nodeId);
                  return {
                    color: effect?.error ? 'red' : p.type === AUTOMATION_NODE_TYPES.action ? 'blue' : 'gray',
                    content: (
                      <div className="automation-dryrun-step" data-testid="dryrun-step">
                        <b>{p.nodeName}</b>
                        <span className="automation-muted">（{NODE_TYPE_TEXT[p.type] ?? p.type}）</span>
                        {branches(p.type) && <div>{branch ? `走分支：${branch}` : '没有分支满足条件，跳过分支'}</div>}
                        {effect && <Effect effect={effect} users={result.users} />}
                      </div>
                    ),
                  };
                })}
              />
            ))}
        </>
      )}
    </Drawer>
  );
}
