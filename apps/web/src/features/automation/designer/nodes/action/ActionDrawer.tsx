import { useState } from 'react';
import { App, Button, Radio, Space, Steps } from 'antd';
import { ACTION_DEFINITIONS, ACTION_TYPES, AUTOMATION_NODES, checkContextOf, FLOW_TEXT, isActionType, type ActionConf, type ActionConfs, type ActionType } from '@park/core';
import { NodeDrawer, type NodeDrawerProps } from '../../../../flowCanvas/index.ts';
import type { DesignerContext } from '../context.ts';
import { triggerFormOf, useFormFields } from '../../useFormFields.ts';
import { ACTION_UI, type ActionStepProps, type ActionTypeUi } from './actionTypes.tsx';

export const ACTION_DRAWER_WIDTH = 600;

/** Whether step 2 of the type was answered, through its entry in ACTION_UI. */
function chosen<K extends ActionType>(type: K, conf: ActionConfs[K]): boolean {
  return ACTION_UI[type].chosen(conf);
}

/** Step 2 or 3 of an action type, through its entry in ACTION_UI. */
function ActionStep<K extends ActionType>({ type, step, ...props }: { type: K; step: 1 | 2 } & ActionStepProps<K>) {
  const ui: ActionTypeUi<K> = ACTION_UI[type];
  const Part = step === 1 ? ui.Choice : ui.Options;
  return <Part {...props} />;
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

  const type = isActionType(conf.actionType) ? conf.actionType : null;
  const next = () => {
    if (step === 0 && !type) return void message.warning(FLOW_TEXT.actionType);
    if (step === 1 && !(type && chosen(type, conf as ActionConfs[typeof type]))) return void message.warning(FLOW_TEXT.action);
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
            const picked = e.target.value as ActionType;
            if (picked !== conf.actionType) setConf(ACTION_DEFINITIONS[picked].template());
          }}
        >
          {ACTION_TYPES.map((t) => (
            <Radio key={t} value={t}>
              {ACTION_UI[t].label}
            </Radio>
          ))}
        </Radio.Group>
      )}
      {step > 0 && type && (
        <ActionStep
          type={type}
          step={step === 1 ? 1 : 2}
          conf={conf as ActionConfs[typeof type]}
          onChange={setConf}
          triggerFormId={triggerFormId === null ? null : String(triggerFormId)}
          variables={variables}
        />
      )}
    </NodeDrawer>
  );
}
