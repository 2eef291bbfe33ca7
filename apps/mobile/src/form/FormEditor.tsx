import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, NoticeBar, Toast } from 'antd-mobile';
import {
  decodeRecord,
  defaultValues,
  encodeRecord,
  FORM_VALIDATION_FAILED,
  subTableChildren,
  subTablesOf,
  type FieldError,
  type FormContext,
  type FormControl,
  type FormValues,
  type StoredRow,
} from '@park/core';
import { ApiError } from '../lib/http.ts';
import { isObject, modelOf, textOf } from '../controls/common/values.ts';
import { addRecord, addSubRow, deleteSubRows, submitForApproval, updateRecord, updateSubRow, type ChildRows, type FormDefinition, type StoredRecord } from './api.ts';
import { browserStorage, clearDraft, draftKey, draftTimeText, readDraft, writeDraft } from './draftStore.ts';
import { FormFields } from './FormFields.tsx';
import { CONFIRM_SAVE, DRAFT_KEPT_OFFLINE, DRAFT_NOT_KEPT, DRAFT_RESTORED, SAVED, SUBMITTED } from './messages.ts';
import { FormValidationError, MobileFormStore } from './store.ts';
import { SubTableCards } from './SubTableCards.tsx';

export interface MobileFormEditorProps {
  definition: FormDefinition;
  mode: 'add' | 'edit';
  userId: number;
  context: FormContext;
  /** edit: the stored record and its sub-table rows by subKey. */
  record?: StoredRecord;
  subRows?: Record<string, StoredRecord[]>;
  /** The form has a deployed approval flow: 提交 saves and starts it (startformflow). */
  submitsForApproval: boolean;
  onSaved(businessId: string): void;
  /** add: values over the defaults (a scanned code's presets). */
  initial?: FormValues;
  /** Sends the record another way (through a scanned code), with the new sub-table rows. */
  send?(stored: StoredRow, children: ChildRows[]): Promise<string>;
  /** Drawn above the save button (the anonymous path's challenge). */
  footer?: ReactNode;
}

/** The first problem's field, scrolled into view. */
function reveal(errors: FieldError[]): void {
  const first = errors[0];
  if (!first) return;
  requestAnimationFrame(() => document.querySelector(`[data-model="${CSS.escape(first.model)}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
}

/** A saved row keeps its id in the editor values, so an edit knows what to update or remove. */
const ROW_ID = '__rowId';

function initialValues(definition: FormDefinition, mode: 'add' | 'edit', ctx: FormContext, record?: StoredRecord, subRows?: Record<string, StoredRecord[]>, initial?: FormValues): FormValues {
  const { meta } = definition;
  if (mode === 'add') return { ...defaultValues(meta, ctx), ...initial };
  const values = decodeRecord(meta, record ?? {});
  for (const table of subTablesOf(meta)) {
    const subKey = modelOf(table);
    values[subKey] = (subRows?.[subKey] ?? []).map((row) => ({ ...decodeRecord(subTableChildren(table), row), [ROW_ID]: textOf(row.id) }));
  }
  return values;
}

function rowsOf(values: FormValues, table: FormControl): FormValues[] {
  const rows = values[modelOf(table)];
  return Array.isArray(rows) ? rows.filter(isObject) : [];
}

/**
 * A record being added or edited on the phone. Values start from core's defaults (add) or the
 * stored record decoded by core's codecs (edit), or from the draft kept in the browser when one
 * is there. Every change is kept as a draft; saving checks with core's rules (the desktop's
 * messages), asks 确认保存吗？ and sends; the draft goes once the server has the record. When no
 * answer comes the draft stays and the page says so.
 */
export function MobileFormEditor({ definition, mode, userId, context, record, subRows, submitsForApproval, onSaved, initial, send, footer }: MobileFormEditorProps) {
  const { meta, formId } = definition;
  const recordId = mode === 'edit' ? textOf(record?.id) || null : null;
  const key = draftKey(userId, formId, recordId);
  const storage = browserStorage();
  const ctx: FormContext = { ...context, mode };
  const [restored] = useState(() => readDraft(storage, key));
  const [store] = useState(() => new MobileFormStore(meta, restored ? { ...restored.values, ...initial } : initialValues(definition, mode, ctx, record, subRows, initial), ctx));
  const [saving, setSaving] = useState(false);
  const [offline, setOffline] = useState(false);
  const [draftRefused, setDraftRefused] = useState(false);
  const tables = useMemo(() => subTablesOf(meta), [meta]);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    // Every change is kept, a moment after typing stops.
    const unsubscribe = store.subscribe(() => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setDraftRefused(!writeDraft(storage, key, store.getValues())), 300);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer.current);
    };
  }, [store, storage, key]);

  const childrenOf = (values: FormValues): ChildRows[] =>
    tables
      .map((t) => ({ subKey: modelOf(t), subDatas: rowsOf(values, t).map((row) => encodeRecord(subTableChildren(t), row)) }))
      .filter((c) => c.subDatas.length > 0);

  /** An edit's sub-table changes: new rows added, changed rows updated, removed rows deleted. */
  const saveSubRows = async (values: FormValues, parentId: string) => {
    for (const t of tables) {
      const subKey = modelOf(t);
      const before = new Set((subRows?.[subKey] ?? []).map((r) => textOf(r.id)));
      const rows = rowsOf(values, t);
      const kept = new Set(rows.map((r) => textOf(r[ROW_ID])).filter(Boolean));
      const removed = [...before].filter((id) => !kept.has(id));
      if (removed.length > 0) await deleteSubRows(formId, subKey, removed);
      for (const row of rows) {
        const stored = encodeRecord(subTableChildren(t), row);
        const id = textOf(row[ROW_ID]);
        if (id) await updateSubRow(formId, subKey, parentId, id, stored);
        else await addSubRow(formId, subKey, parentId, stored);
      }
    }
  };

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      const stored = encodeRecord(meta, values);
      let businessId: string;
      if (send) {
        businessId = await send(stored, childrenOf(values));
      } else if (submitsForApproval) {
        if (recordId) await saveSubRows(values, recordId);
        businessId = await submitForApproval(formId, stored, recordId, recordId ? [] : childrenOf(values));
      } else if (mode === 'add') {
        businessId = await addRecord(formId, stored, childrenOf(values));
      } else {
        await updateRecord(formId, recordId!, record?.version, stored);
        await saveSubRows(values, recordId!);
        businessId = recordId!;
      }
      window.clearTimeout(timer.current);
      clearDraft(storage, key);
      setOffline(false);
      Toast.show({ icon: 'success', content: submitsForApproval ? SUBMITTED : SAVED });
      onSaved(businessId);
    } catch (err) {
      if (err instanceof ApiError && err.isNetwork) {
        // Nothing reached the server, or its answer did not come back: what was typed stays here.
        setDraftRefused(!writeDraft(storage, key, store.getValues()));
        setOffline(true);
      } else if (err instanceof ApiError && isObject(err.body) && Array.isArray(err.body.errors)) {
        // The server checks with the same rules; its field problems are shown where they belong.
        store.showErrors(err.body.errors.filter(isObject));
      }
    } finally {
      setSaving(false);
    }
  };

  const save = () => {
    let values: FormValues;
    try {
      values = store.validate();
    } catch (err) {
      if (err instanceof FormValidationError) {
        Toast.show({ icon: 'fail', content: FORM_VALIDATION_FAILED });
        reveal(err.errors);
      }
      return;
    }
    void Dialog.confirm({ title: '提示', content: CONFIRM_SAVE, confirmText: '确定', cancelText: '取消' }).then((ok) => {
      if (ok) void submit(values);
    });
  };

  const discardDraft = () => {
    clearDraft(storage, key);
    window.location.reload();
  };

  return (
    <div className="m-form-editor">
      {restored && !offline && (
        <NoticeBar
          color="info"
          content={DRAFT_RESTORED(draftTimeText(restored.savedAt))}
          extra={
            <Button size="mini" fill="none" color="primary" onClick={discardDraft}>
              放弃草稿
            </Button>
          }
        />
      )}
      {offline && <NoticeBar color="alert" wrap content={DRAFT_KEPT_OFFLINE} data-testid="draft-offline" />}
      {draftRefused && <NoticeBar color="alert" wrap content={DRAFT_NOT_KEPT} />}
      <FormFields
        store={store}
        controls={meta.list}
        mode={mode}
        formId={formId}
        form={ctx}
        renderSubTable={(control) => <SubTableCards key={modelOf(control)} control={control} store={store} formId={formId} form={ctx} readOnly={false} />}
      />
      {footer}
      <div className="m-form-footer">
        <Button block color="primary" size="large" loading={saving} onClick={save}>
          {submitsForApproval ? '提交' : '保存'}
        </Button>
      </div>
    </div>
  );
}
