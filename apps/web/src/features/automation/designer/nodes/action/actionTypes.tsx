import type { ComponentType } from 'react';
import { Radio } from 'antd';
import type { ActionConfs, ActionType, FlowField, FormEventKind, FormTaskConf } from '@park/core';
import { FORM_ACTION_TEXT } from './actionText.ts';
import { FormActionOptions } from './FormActionOptions.tsx';
import { MsgActionOptions } from './MsgActionOptions.tsx';

/** What a step of the action drawer gets: the conf of its type, and the trigger form's fields as variables. */
export interface ActionStepProps<K extends ActionType> {
  conf: ActionConfs[K];
  onChange: (conf: ActionConfs[K]) => void;
  triggerFormId: string | null;
  variables: readonly FlowField[];
}

/** One action type in the designer (spec 001 §2.3, §4): its radio label, its two steps and its card text. */
export interface ActionTypeUi<K extends ActionType> {
  label: string;
  /** Step 2, 选择动作. */
  Choice: ComponentType<ActionStepProps<K>>;
  /** Whether step 2 has been answered (下一步 warns 请选择动作 until it is). */
  chosen(conf: ActionConfs[K]): boolean;
  /** Step 3, 设置选项. */
  Options: ComponentType<ActionStepProps<K>>;
  /** The canvas card's summary. */
  summary(conf: ActionConfs[K]): string;
}

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

/** Every action type's designer part, exhaustively over core's ActionType. */
export const ACTION_UI: { [K in ActionType]: ActionTypeUi<K> } = {
  formTask: {
    label: '表单动作',
    Choice: ({ conf, onChange }) => (
      <Radio.Group
        value={conf.action || undefined}
        onChange={(e) => {
          const action = e.target.value as FormEventKind;
          if (action !== conf.action) onChange({ actionType: 'formTask', action, formConf: formConfTemplate(action) });
        }}
      >
        {(['insert', 'update', 'delete'] as const).map((a) => (
          <Radio key={a} value={a}>
            {FORM_ACTION_TEXT[a]}
          </Radio>
        ))}
      </Radio.Group>
    ),
    chosen: (conf) => Boolean(conf.action),
    Options: FormActionOptions,
    summary(conf) {
      const form = conf.formConf?.formName || (conf.formConf?.formId ? `表单${String(conf.formConf.formId)}` : '');
      return conf.action && form ? `${FORM_ACTION_TEXT[conf.action]}：${form}` : '请设置表单动作';
    },
  },
  msgTask: {
    label: '消息动作',
    Choice: ({ conf, onChange }) => (
      <Radio.Group value={conf.messageType || undefined} onChange={(e) => onChange({ ...conf, messageType: e.target.value as string })}>
        <Radio value="0">消息（通过工作助手发送站内消息）</Radio>
      </Radio.Group>
    ),
    chosen: (conf) => Boolean(conf.messageType),
    Options: ({ triggerFormId, ...rest }) => <MsgActionOptions {...rest} triggerFormId={triggerFormId === null ? null : Number(triggerFormId)} />,
    summary: (conf) => (conf.title ? `发送消息：${conf.title}` : '请设置消息'),
  },
};
