import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import type { FlowField, MsgTaskConf } from '@park/core';
import { RecipientDialog, recipientSummary } from '../../../../flowRecipients/index.ts';
import { RecipientPreview } from '../../widgets/RecipientPreview.tsx';
import { VariableMenu } from '../../widgets/VariableMenu.tsx';

/** Spec 001 §3.3, §9: a message's title, content (5 rows) with variables, menu address and recipients. */
export function MsgActionOptions({ conf, onChange, variables, triggerFormId }: {
  conf: MsgTaskConf;
  onChange: (conf: MsgTaskConf) => void;
  variables: readonly FlowField[];
  triggerFormId: number | null;
}) {
  const [choosing, setChoosing] = useState(false);
  const append = (key: 'title' | 'content' | 'menuUrl', v: string) => onChange({ ...conf, [key]: `${conf[key] ?? ''}${v}` });
  return (
    <Form layout="vertical" data-testid="msg-action-options">
      <Form.Item label={<Space>标题<VariableMenu fields={variables} onPick={(v) => append('title', v)} /></Space>} required>
        <Input aria-label="标题" placeholder="请输入标题" maxLength={200} value={conf.title ?? ''} onChange={(e) => onChange({ ...conf, title: e.target.value })} />
      </Form.Item>
      <Form.Item label={<Space>内容<VariableMenu fields={variables} onPick={(v) => append('content', v)} /></Space>} required>
        <Input.TextArea aria-label="内容" placeholder="请输入内容" rows={5} maxLength={2000} value={conf.content ?? ''} onChange={(e) => onChange({ ...conf, content: e.target.value })} />
      </Form.Item>
      <Form.Item label="跳转地址" extra="选填：用户点开消息后打开的菜单地址，例如 /form/list/12；不填则只显示消息">
        <Input aria-label="跳转地址" placeholder="选填" maxLength={500} value={conf.menuUrl ?? ''} onChange={(e) => onChange({ ...conf, menuUrl: e.target.value })} />
      </Form.Item>
      <Form.Item label="接收人" required>
        <Space>
          <span data-testid="recipient-summary">{recipientSummary(conf.recipient)}</span>
          <Button size="small" onClick={() => setChoosing(true)}>
            设置接收人
          </Button>
        </Space>
      </Form.Item>
      {choosing && (
        <RecipientDialog
          value={conf.recipient}
          fields={variables}
          onClose={() => setChoosing(false)}
          onOk={(recipient) => {
            onChange({ ...conf, recipient });
            setChoosing(false);
          }}
          preview={(r) => <RecipientPreview recipient={r} formId={triggerFormId} fields={variables} />}
        />
      )}
    </Form>
  );
}
