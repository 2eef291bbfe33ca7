import { forwardRef, useImperativeHandle, useState } from 'react';
import { Card } from 'antd';
import { decodeRecord, flattenControls, type FormContext, type FormMeta, type StoredRow } from '@park/core';
import { encode, type FormDefinition, type StoredRecord } from '../../form/api.ts';
import { FormFields } from '../../form/FormFields.tsx';
import { FormStore } from '../../form/store.ts';
import { SubTableSection, subTableLayoutOf } from '../../form/SubTableSection.tsx';

export interface TaskFormHandle {
  /** The editable fields' stored columns, after the same checks as the form's own 保存 (throws FormValidationError). */
  collect(): StoredRow;
}

/** The node's approveItems as a form of their own (the rest of the record stays read-only). */
function itemsMeta(meta: FormMeta, items: readonly string[]): FormMeta {
  const wanted = new Set(items);
  return { ...meta, list: flattenControls(meta).filter((c) => wanted.has(String(c.model ?? ''))) };
}

/**
 * The record on the task page: read-only, except the fields the node lets its approver fill
 * (审批填写), or the whole form when the task hands it back to the initiator.
 */
export const TaskForm = forwardRef<TaskFormHandle, { definition: FormDefinition; record: StoredRecord; context: FormContext; editable: 'none' | 'items' | 'all'; items: readonly string[] }>(
  function TaskForm({ definition, record, context, editable, items }, ref) {
    const { meta, formId } = definition;
    const recordId = record.id === undefined || record.id === null ? null : String(record.id);
    const [view] = useState(() => new FormStore(meta, decodeRecord(meta, record), { ...context, mode: 'edit' }));
    const editMeta = editable === 'all' ? meta : itemsMeta(meta, items);
    const [edit] = useState(() => new FormStore(editMeta, decodeRecord(editMeta, record), { ...context, mode: 'edit' }));
    useImperativeHandle(ref, () => ({ collect: () => (editable === 'none' || editMeta.list.length === 0 ? {} : encode(editMeta, edit.validate())) }), [edit, editMeta, editable]);
    if (editable === 'all') {
      return (
        <Card title={`${definition.formName}（修改后重新提交）`} variant="borderless" className="form-detail">
          <FormFields store={edit} controls={meta.list} mode="edit" formId={formId} recordId={recordId} config={meta.config} />
        </Card>
      );
    }
    return (
      <>
        <Card title={definition.formName} variant="borderless" className="form-detail">
          <FormFields store={view} controls={meta.list} mode="detail" formId={formId} recordId={recordId} config={meta.config} />
          <SubTableSection meta={meta} formId={formId} recordId={recordId} mode="detail" context={context} layout={subTableLayoutOf(meta)} />
        </Card>
        {editable === 'items' && editMeta.list.length > 0 && (
          <Card title="审批填写" variant="borderless" className="form-detail approval-items-card">
            <FormFields store={edit} controls={editMeta.list} mode="edit" formId={formId} recordId={recordId} config={meta.config} />
          </Card>
        )}
      </>
    );
  },
);
