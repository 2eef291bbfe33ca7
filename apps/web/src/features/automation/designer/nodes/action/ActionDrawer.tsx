import { useState } from 'react';
import { App, Button, Radio, Space, Steps } from 'antd';
import { ACTION_TEMPLATES, AUTOMATION_NODES, checkContextOf, FLOW_TEXT, type ActionConf, type FormEventKind, type FormTaskConf, type MsgTaskConf } from '@park/core';
import { NodeDrawer, type NodeDrawerProps } from '../../../../flowCanvas/index.ts';
import type { DesignerContext } from '../context.ts';
import { triggerFormOf, useFormFields } from '../../useFormFields.ts';
import { ACTION_TYPE_TEXT, FORM_ACTION_TEXT } from './actionText.ts';
import { FormActionOptions } from './FormActionOptions.tsx';
import { MsgActionOptions } from './MsgActionOptions.tsx';

export const ACTION_DRAWER_WIDTH = 600;

/** Spec 001 §4: a new form action's formConf (insert has no filter, delete no columns). */
function formConfTemplate(action: FormEventKind): NonNullable<FormTaskConf['formConf']> {
  return {
    formId: null,
    formName: '',
    ...(action !== 'insert' ? { filter: [] } : {}),
    ...(action !== 'delete' ? { columns: [] } : {}),
    subTable: [],
  };
}

/**
 * The action drawer (spec 001 §2.3, §4, §5.2): type → action → options. Changing the type resets
 * the conf to the type's template; changing the form action resets formConf. 保存 on the last
 * step runs the action's save check with the spec's messages.
 */
export function ActionDrawer({ node, root, onSave, onClose }: NodeDrawerProps<DesignerContext>) {
  const { message } = App.useApp();
  const [conf, setConf] = useState<ActionConf>(() => structuredClone((node.conf as ActionConf | undefined) ?? { actionType: '' }));
  const [step, setStep] = useState(0);
  const triggerFormId = triggerFormOf(root);
  const trigger = useFormFields(triggerFormId);
  const variables = trigger.fields?.main ?? [];

  const next = () => {
    if (step === 0 && !conf.actionType) return void message.warning(FLOW_TEXT.actionType);
    if (step === 1) {
      const chosen = conf.actionType === 'formTask' ? Boolean(conf.action) : conf.actionType === 'msgTask' && Boolean(conf.messageType);
      if (!chosen) return void message.warning(FLOW_TEXT.action);
    }
    setStep(step + 1);
  };
  const save = () => {
    const problem = AUTOMATION_NODES[1].check({ ...node, conf }, checkContextOf(root));
    if (problem) return void message.warning(problem);
    onSave({ ...node, conf });
  };

  const footer = (
    <Space>
      {step > 0 && <Button onClick={() => setStep(step - 1)}>上一步</Button>}
      {step < 2 && (
        <Button type="primary" onClick={next}>
          下一步
        </Button>
      )}
      {step === 2 && (
        <Button type="primary" onClick={save}>
          保存
        </Button>
      )}
    </Space>
  );

  return (
    <NodeDrawer title={node.nodeName || '动作'} width={ACTION_DRAWER_WIDTH} onClose={onClose} footer={footer} testId="action-drawer">
      <Steps size="small" current={step} items={[{ title: '选择动作类型' }, { title: '选择动作' }, { title: '设置选项' }]} style={{ marginBottom: 24 }} />
      {step === 0 && (
        <Radio.Group
          value={conf.actionType || undefined}
          onChange={(e) => {
            const type = e.target.value as keyof typeof ACTION_TEMPLATES;
            if (type !== conf.actionType) setConf(ACTION_TEMPLATES[type]());
          }}
        >
          <Radio value="formTask">{ACTION_TYPE_TEXT.formTask}</Radio>
          <Radio value="msgTask">{ACTION_TYPE_TEXT.msgTask}</Radio>
        </Radio.Group>
      )}
      {step === 1 && conf.actionType === 'formTask' && (
        <Radio.Group
          value={conf.action || undefined}
          onChange={(e) => {
            const action = e.target.value as FormEventKind;
            if (action !== conf.action) setConf({ actionType: 'formTask', action, formConf: formConfTemplate(action) });
          }}
        >
          {(['insert', 'update', 'delete'] as const).map((a) => (
            <Radio key={a} value={a}>
              {FORM_ACTION_TEXT[a]}
            </Radio>
          ))}
        </Radio.Group>
      )}
      {step === 1 && conf.actionType === 'msgTask' && (
        <Radio.Group value={conf.messageType || undefined} onChange={(e) => setConf({ ...conf, messageType: e.target.value as string })}>
          <Radio value="0">消息（通过工作助手发送站内消息）</Radio>
        </Radio.Group>
      )}
      {step === 2 && conf.actionType === 'formTask' && (
        <FormActionOptions conf={conf} onChange={setConf} triggerFormId={triggerFormId === null ? null : String(triggerFormId)} variables={variables} />
      )}
      {step === 2 && conf.actionType === 'msgTask' && (
        <MsgActionOptions conf={conf as MsgTaskConf} onChange={setConf} variables={variables} triggerFormId={triggerFormId === null ? null : Number(triggerFormId)} />
      )}
    </NodeDrawer>
  );
}
