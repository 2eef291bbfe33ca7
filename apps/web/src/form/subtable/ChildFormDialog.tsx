import { useState } from 'react';
import { App, Button, Modal } from 'antd';
import {
  FORM_VALIDATION_FAILED,
  type FormContext,
  type FormControl,
  type FormValues,
  type StoredRow,
} from '@park/core';
import { FormFields } from '../FormFields.tsx';
import { encode } from '../api.ts';
import { CONFIRM_ADD, CONFIRM_MODIFY } from '../messages.ts';
import { FormStore, FormValidationError } from '../store.ts';

export interface ChildFormDialogProps {
  title: string;
  mode: 'add' | 'edit';
  controls: FormControl[];
  initial: FormValues;
  formId: number | null;
  subKey: string;
  context: FormContext;
  onCancel(): void;
  /** Saves the row; the dialog closes when it resolves. */
  onSubmit(stored: StoredRow): Promise<void>;
}

/** A sub-table row's add or edit dialog, titled 新增 or 编辑 plus the sub-table name. */
export function ChildFormDialog({
  title,
  mode,
  controls,
  initial,
  formId,
  subKey,
  context,
  onCancel,
  onSubmit,
}: ChildFormDialogProps) {
  const { message, modal } = App.useApp();
  const [store] = useState(() => new FormStore(controls, initial, { ...context, mode }));
  const [saving, setSaving] = useState(false);

  const save = () => {
    let values: FormValues;
    try {
      values = store.validate();
    } catch (err) {
      if (err instanceof FormValidationError) void message.error(FORM_VALIDATION_FAILED);
      return;
    }
    modal.confirm({
      title: '提示',
      content: mode === 'add' ? CONFIRM_ADD : CONFIRM_MODIFY,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setSaving(true);
        try {
          await onSubmit(encode(controls, values));
        } catch {
          // The http client has told the user why.
        } finally {
          setSaving(false);
        }
      },
    });
  };

  return (
    <Modal
      open
      title={title}
      width="60%"
      onCancel={onCancel}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={save}>
          确定
        </Button>,
      ]}
    >
      <div className="child-form">
        <FormFields
          store={store}
          controls={controls}
          mode={mode}
          formId={formId}
          subKey={subKey}
          config={{ labelWidth: 110 }}
        />
      </div>
    </Modal>
  );
}
