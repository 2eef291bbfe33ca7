import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Space } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import {
  decodeRecord,
  defaultValues,
  FORM_VALIDATION_FAILED,
  subTablesOf,
  type FieldError,
  type FormContext,
  type FormValues,
  type StoredRow,
} from '@park/core';
import { ApiError } from '../lib/http.ts';
import { isObject, textOf } from '../controls/common/values.ts';
import { addRecord, addRecordWithChildren, encode, updateRecord, type FormDefinition, type StoredRecord } from './api.ts';
import { FormFields } from './FormFields.tsx';
import { CONFIRM_SAVE, PARENT_LOCKED, SAVED } from './messages.ts';
import { FormStore, FormValidationError } from './store.ts';
import { SubTableSection } from './SubTableSection.tsx';
import { DraftRowsContext, type DraftRow, type DraftRows } from './subtable/draftRows.ts';

export interface SaveResult {
  businessId: string;
  /** Whether the caller should close: an add with sub-tables stays open for them. */
  close: boolean;
}

export interface FormEditorProps {
  definition: FormDefinition;
  mode: 'add' | 'edit';
  record?: StoredRecord;
  context: FormContext;
  onSaved?(result: SaveResult): void;
  /** Extra buttons beside 保存 (关闭, 新增下一条). */
  actions?: ReactNode;
  /**
   * The designer's preview (issue 9): a save that passed every check hands its stored columns
   * here instead of writing them, because the design being previewed is not published yet.
   */
  onPreviewSave?(stored: StoredRow): void;
  /**
   * Saving another way, named by the button: a form with a deployed approval flow 提交s the record
   * and starts its approval in one call (issue 20). Returns the record id.
   */
  submitVia?: SubmitVia;
}

export interface SubmitVia {
  label: string;
  done: string;
  /** `children`: a new record's sub-table rows, saved in the same call (addpcformdata's child shape). */
  run(formId: number, stored: StoredRow, recordId: string | null, children?: SubTableRows[]): Promise<string>;
}

export interface SubTableRows {
  subKey: string;
  subDatas: StoredRow[];
}

/** The first problem's field, scrolled into view. */
function reveal(errors: FieldError[]): void {
  const first = errors[0];
  if (!first) return;
  requestAnimationFrame(() => {
    const el = document.querySelector(`[data-model="${CSS.escape(first.model)}"]`);
    el?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  });
}

/**
 * A form being added or edited: its fields, its sub-tables and 保存. Values start from core's
 * defaults (add) or the stored record decoded by core's codecs (edit); saving validates with
 * core's rules, asks 确认保存吗？ and posts the encoded columns form-encoded.
 */
export function FormEditor({ definition, mode, record, context, onSaved, actions, onPreviewSave, submitVia }: FormEditorProps) {
  const { message, modal } = App.useApp();
  const { meta, formId } = definition;
  const ctx: FormContext = { ...context, mode };
  const [store] = useState(
    () =>
      new FormStore(meta, mode === 'add' ? defaultValues(meta, ctx) : decodeRecord(meta, record ?? {}), ctx),
  );
  const [recordId, setRecordId] = useState<string | null>(
    mode === 'edit' ? textOf(record?.id) || null : null,
  );
  const [version, setVersion] = useState<unknown>(record?.version);
  const [saving, setSaving] = useState(false);
  // bench/web reads this measure: from the first render of the loaded form to its commit.
  const [renderStart] = useState(() => performance.now());
  useEffect(() => {
    performance.measure('park:form-render', { start: renderStart });
  }, [renderStart]);
  const hasSubTables = subTablesOf(meta).length > 0;
  // A new record's sub-table rows are kept here until the record is saved, and sent with it in one
  // call, whether it is saved (addpcformdata) or 提交ted for approval (issue 42: a plain form used
  // to need the parent saved first). A plain add then stays open with the parent locked, showing
  // the saved rows, for more.
  const locked = mode === 'add' && recordId !== null;
  const [draftRows, setDraftRows] = useState<Record<string, DraftRow[]>>({});
  const drafts = useMemo<DraftRows | null>(
    () => (mode === 'add' && hasSubTables ? { rows: draftRows, set: (subKey, rows) => setDraftRows((prev) => ({ ...prev, [subKey]: rows })) } : null),
    [mode, hasSubTables, draftRows],
  );
  const draftChildren = (): SubTableRows[] =>
    Object.entries(draftRows)
      .filter(([, rows]) => rows.length > 0)
      .map(([subKey, rows]) => ({ subKey, subDatas: rows.map((r) => r.stored) }));

  const submit = async (values: FormValues) => {
    if (onPreviewSave) {
      onPreviewSave(encode(meta, values));
      return;
    }
    setSaving(true);
    try {
      const stored = encode(meta, values);
      let businessId: string;
      const children = drafts && recordId === null ? draftChildren() : [];
      if (submitVia) {
        businessId = await submitVia.run(formId, stored, recordId, children);
      } else if (mode === 'add') {
        businessId = children.length > 0 ? await addRecordWithChildren(formId, stored, children) : await addRecord(formId, stored);
        setDraftRows({});
      } else {
        const reply = await updateRecord(formId, recordId!, version, stored);
        businessId = recordId!;
        if (reply.version !== undefined) setVersion(reply.version);
      }
      void message.success(submitVia?.done ?? SAVED);
      const keepOpen = mode === 'add' && hasSubTables && !submitVia;
      if (keepOpen) setRecordId(businessId);
      onSaved?.({ businessId, close: !keepOpen });
    } catch (err) {
      // The server checks with the same rules; its field problems are shown where they belong.
      if (err instanceof ApiError && isObject(err.body) && Array.isArray(err.body.errors)) {
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
        void message.error(FORM_VALIDATION_FAILED);
        reveal(err.errors);
      }
      return;
    }
    modal.confirm({
      title: '提示',
      content: CONFIRM_SAVE,
      okText: '确定',
      cancelText: '取消',
      onOk: () => submit(values),
    });
  };

  return (
    <div className="form-editor">
      <div className="form-editor-actions">
        <Space>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={locked} onClick={save}>
            {submitVia?.label ?? '保存'}
          </Button>
          {actions}
        </Space>
      </div>
      {locked && <Alert type="success" showIcon title={PARENT_LOCKED} className="form-locked-tip" />}
      <FormFields
        store={store}
        controls={meta.list}
        mode={mode}
        formId={formId}
        recordId={recordId}
        config={meta.config}
        locked={locked}
      />
      {hasSubTables && (
        <DraftRowsContext.Provider value={drafts}>
          <SubTableSection meta={meta} formId={formId} recordId={recordId} mode={mode} context={ctx} />
        </DraftRowsContext.Provider>
      )}
    </div>
  );
}
