import { useState } from 'react';
import { Alert, App, Button, Radio, Space, Steps } from 'antd';
import { AUTOMATION_NODES, FORM_EVENT_TEXT, FORM_EVENTS, type FormEventKind, type TriggerConf } from '@park/core';
import { NodeDrawer, type NodeDrawerProps } from '../../../../flowCanvas/index.ts';
import type { DesignerContext } from '../context.ts';
import { FormPickerTable } from '../../forms/FormPickerTable.tsx';

/** Spec 001 §2.2: only 表单 is offered; the other trigger types exist as labels. */
const TRIGGER_TYPE_OPTIONS = [
  { value: 'form', label: '表单', enabled: true },
  { value: 'flow', label: '流程', enabled: false },
  { value: 'waitDone', label: '待办', enabled: false },
  { value: 'specialService', label: '特殊服务', enabled: false },
] as const;

export const TRIGGER_DRAWER_WIDTH = 650;

/**
 * The trigger drawer (spec 001 §2.2, §4, §5.1): type → form → event. 保存 on the last step while
 * the flow has never been saved; a saved flow keeps its trigger, and the drawer offers 退出.
 */
export function TriggerDrawer({ node, context, onSave, onClose }: NodeDrawerProps<DesignerContext>) {
  const { notification } = App.useApp();
  const [conf, setConf] = useState<TriggerConf>({ triggerType: '', destId: null, destName: '', event: '', ...(node.conf as TriggerConf) });
  const [step, setStep] = useState(0);
  const saved = context.flowId !== null;

  const save = () => {
    const problem = AUTOMATION_NODES[0].check({ ...node, conf }, { triggerFormId: null });
    if (problem) {
      notification.error({ title: '提示', description: problem });
      return;
    }
    onSave({ ...node, conf });
  };

  const footer = (
    <Space>
      {step > 0 && <Button onClick={() => setStep(step - 1)}>上一步</Button>}
      {step < 2 && (
        <Button type="primary" onClick={() => setStep(step + 1)}>
          下一步
        </Button>
      )}
      {step === 2 && !saved && (
        <Button type="primary" onClick={save}>
          保存
        </Button>
      )}
      {saved && <Button onClick={onClose}>退出</Button>}
    </Space>
  );

  return (
    <NodeDrawer title="触发器" width={TRIGGER_DRAWER_WIDTH} onClose={onClose} footer={footer} confirmClose={!saved} testId="trigger-drawer">
      <Steps size="small" current={step} items={[{ title: '选择触发类型' }, { title: '选择表单' }, { title: '选择触发事件' }]} style={{ marginBottom: 24 }} />
      {saved && <Alert type="info" showIcon title="已保存的自动化不能更换触发器，如需更换请新建自动化" style={{ marginBottom: 16 }} />}
      {step === 0 && (
        <Radio.Group
          value={conf.triggerType || undefined}
          disabled={saved}
          onChange={(e) => {
            setConf({ ...conf, triggerType: e.target.value as string });
            setStep(1);
          }}
        >
          <Space orientation="vertical">
            {TRIGGER_TYPE_OPTIONS.map((o) => (
              <Radio key={o.value} value={o.value} disabled={!o.enabled}>
                {o.label}
                {!o.enabled && <span className="automation-muted">（暂不支持）</span>}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
      {step === 1 && (
        <FormPickerTable
          selectedId={conf.destId ?? null}
          disabled={saved}
          onPick={(form) => {
            setConf({ ...conf, destId: form.formId, destName: form.formName });
            setStep(2);
          }}
        />
      )}
      {step === 2 && (
        <div>
          {conf.destName && <p>表单：{conf.destName}</p>}
          <Radio.Group value={conf.event || undefined} disabled={saved} onChange={(e) => setConf({ ...conf, event: e.target.value as FormEventKind })}>
            {FORM_EVENTS.map((ev) => (
              <Radio key={ev} value={ev}>
                {FORM_EVENT_TEXT[ev]}数据
              </Radio>
            ))}
          </Radio.Group>
        </div>
      )}
    </NodeDrawer>
  );
}
