import { useState } from 'react';
import { Button, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formDefinitionKey, loadFormDefinition } from './api.ts';
import { FormEditor, type SubmitVia } from './FormEditor.tsx';
import { FormLoader } from './FormLoader.tsx';

export interface FormDialogProps {
  formId: number;
  /** A record to edit; absent or null to add one. */
  businessId?: string | null;
  open: boolean;
  /** `saved` tells the list page to refresh. */
  onClose(saved: boolean): void;
  /** 提交 instead of 保存 (a form with a deployed approval flow). */
  submitVia?: SubmitVia;
}

/**
 * The full-screen add and edit dialog (spec 000 §2): 保存 with 确认保存吗？ and 保存成功. Adding
 * closes it on save unless the form has sub-tables, whose tabs then take the saved parent.
 */
export function FormDialog({ formId, businessId, open, onClose, submitVia }: FormDialogProps) {
  const [saved, setSaved] = useState(false);
  const mode = businessId ? 'edit' : 'add';
  const definition = useQuery({
    queryKey: formDefinitionKey(formId),
    queryFn: ({ signal }) => loadFormDefinition(formId, signal),
    enabled: open,
    staleTime: 10_000,
    retry: false,
  });
  const close = () => {
    onClose(saved);
    setSaved(false);
  };
  const name = definition.data?.formName ?? '';
  return (
    <Modal
      open={open}
      title={`${mode === 'add' ? '新增' : '编辑'}${name ? ` - ${name}` : ''}`}
      width="100vw"
      className="form-dialog-fullscreen"
      style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      footer={null}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {open && (
        <FormLoader formId={formId} businessId={businessId} mode={mode}>
          {(loaded) => (
            <FormEditor
              definition={loaded.definition}
              mode={mode}
              record={loaded.record}
              context={loaded.context}
              submitVia={submitVia}
              actions={<Button onClick={close}>关闭</Button>}
              onSaved={(result) => {
                if (result.close) {
                  setSaved(false);
                  onClose(true);
                } else setSaved(true);
              }}
            />
          )}
        </FormLoader>
      )}
    </Modal>
  );
}
