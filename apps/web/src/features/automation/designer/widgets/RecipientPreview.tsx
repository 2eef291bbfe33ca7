import { useState } from 'react';
import { Alert, Button, Space, Tag } from 'antd';
import { checkRecipient, type FlowField, type Recipient } from '@park/core';
import { errorMessage } from '../../../../lib/http.ts';
import { previewRecipients, type UserBrief } from '../api.ts';
import { RecordSelect } from './RecordSelect.tsx';

/**
 * 接收人预览: with a real record of the trigger form, who this rule would reach, resolved by the
 * server exactly as a run resolves it; nothing is sent.
 */
export function RecipientPreview({ recipient, formId, fields }: { recipient: Recipient; formId: number | null; fields: readonly FlowField[] }) {
  const [recordId, setRecordId] = useState<number | null>(null);
  const [result, setResult] = useState<{ users: UserBrief[]; error: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!formId) return <Alert type="info" showIcon title="设置触发器后，可选一条数据预览接收人" />;
  const run = async () => {
    if (!recordId) return;
    setBusy(true);
    try {
      const r = await previewRecipients({ formId, businessId: recordId, recipient });
      setResult({ users: r.receivers, error: r.error });
    } catch (err) {
      setResult({ users: [], error: errorMessage(err, '预览失败') });
    } finally {
      setBusy(false);
    }
  };
  const incomplete = checkRecipient(recipient);
  return (
    <div className="recipient-preview" data-testid="recipient-preview">
      <div className="recipient-subtitle">接收人预览</div>
      <Space wrap>
        <RecordSelect formId={formId} fields={fields} value={recordId} onChange={(id) => (setRecordId(id), setResult(null))} />
        <Button onClick={() => void run()} loading={busy} disabled={!recordId || incomplete !== null}>
          预览
        </Button>
        {incomplete && <span className="automation-muted">{incomplete}</span>}
      </Space>
      {result && (
        <div className="recipient-preview-result" data-testid="recipient-preview-result">
          {result.error ? (
            <Alert type="error" showIcon title={result.error} />
          ) : result.users.length === 0 ? (
            <Alert type="warning" showIcon title="按这条数据，没有人会收到这条消息" />
          ) : (
            <>
              <span>按这条数据，以下 {result.users.length} 人会收到消息：</span>
              <div>
                {result.users.map((u) => (
                  <Tag key={u.id} color="blue" title={u.orgName ?? undefined}>
                    {u.realName}
                    {u.orgName ? `（${u.orgName}）` : ''}
                  </Tag>
                ))}
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}
