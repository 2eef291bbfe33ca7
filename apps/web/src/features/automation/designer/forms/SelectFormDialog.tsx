import { App, Modal } from 'antd';
import { FLOW_TEXT, parseFormMeta } from '@park/core';
import { getFormMeta, type FormRow } from '../api.ts';
import { FormPickerTable } from './FormPickerTable.tsx';

/** Spec 001 §5.3: a form without a usable design cannot be written to. */
export const FORM_UNUSABLE = '你选择表单有问题，请重新选择';
/** Spec 001 §9: dialogs are 60% wide. */
export const DIALOG_WIDTH = '60%';

/**
 * 选择表单 (spec 001 §2.7, §5.3): searchable, 10 a page. Refuses the trigger's own form and forms
 * without a design, with the spec's messages; the dialog stays open for another choice.
 */
export function SelectFormDialog({ triggerFormId, selectedId, onPick, onClose }: {
  triggerFormId: string | null;
  selectedId: number | string | null;
  onPick: (form: { formId: number; formName: string }) => void;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const pick = async (form: FormRow) => {
    if (triggerFormId !== null && String(form.formId) === triggerFormId) {
      message.warning(FLOW_TEXT.sameForm);
      return;
    }
    const conf = form.designed ? await getFormMeta(form.formId) : null;
    if (!conf || !parseFormMeta(conf.formMeta).ok) {
      message.warning(FORM_UNUSABLE);
      return;
    }
    onPick({ formId: form.formId, formName: form.formName });
  };
  return (
    <Modal open title="选择表单" width={DIALOG_WIDTH} footer={null} onCancel={onClose} destroyOnHidden>
      <FormPickerTable selectedId={selectedId} onPick={(f) => void pick(f)} />
    </Modal>
  );
}
