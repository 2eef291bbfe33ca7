import { useState, useSyncExternalStore } from 'react';
import { Button, Dialog, Popup, Toast } from 'antd-mobile';
import { defaultValues, flattenControls, FORM_VALIDATION_FAILED, subTableChildren, type FormContext, type FormControl, type FormValues } from '@park/core';
import { mobileControlOf } from '../controls/registry.ts';
import { controlTextOf } from '../controls/texts.ts';
import { modelOf, nameOf } from '../controls/common/values.ts';
import { FormFields } from './FormFields.tsx';
import './form.css';
import { FormValidationError, MobileFormStore } from './store.ts';

/** A saved row keeps its id in the editor values, so an edit knows what to update or remove. */
export const ROW_ID = '__rowId';

/**
 * What a scanned code lets the phone do with a sub-table's rows (issue 39, core qrSubTableRules;
 * the server enforces the same): add none, one or several, change only some saved rows, in some
 * columns, and remove only rows added in this edit.
 */
export interface SubTableLimits {
  add: 'none' | 'single' | 'multi';
  mayEdit(rowId: string): boolean;
  /** Columns drawn disabled in a saved row's sheet, and in an added row's. */
  lockedInSaved: ReadonlySet<string>;
  lockedInAdded: ReadonlySet<string>;
}

export interface SubTableCardsProps {
  control: FormControl;
  /** The parent form's store: the rows are its value under the subKey, checked with it. */
  store: MobileFormStore;
  formId: number;
  form: FormContext;
  readOnly: boolean;
  limits?: SubTableLimits;
}

const savedIdOf = (row: FormValues): string => (typeof row[ROW_ID] === 'string' ? (row[ROW_ID] as string) : '');

const lock = (controls: FormControl[], locked: ReadonlySet<string>): FormControl[] =>
  locked.size === 0 ? controls : controls.map((c) => (locked.has(modelOf(c)) ? ({ ...c, options: { ...(c.options ?? {}), disabled: true } } as FormControl) : c));

/** The columns a row's card shows: the sub-table's field controls. */
export const subTableColumns = (control: FormControl): FormControl[] =>
  flattenControls(subTableChildren(control)).filter((c) => modelOf(c) !== '' && mobileControlOf(String(c.type))?.frame === 'field');

/** A row's card: each column's name and text, as the list's cards show a record. */
export function RowCard({ columns, row, index, onEdit, onRemove }: { columns: FormControl[]; row: FormValues; index: number; onEdit?(): void; onRemove?(): void }) {
  return (
    <div className="m-sub-card" data-testid="sub-row">
      <div className="m-sub-card-head">
        <span>第{index + 1}行</span>
        <span className="m-sub-card-actions">
          {onEdit && (
            <Button size="mini" fill="none" color="primary" onClick={onEdit}>
              编辑
            </Button>
          )}
          {onRemove && (
            <Button size="mini" fill="none" color="danger" onClick={onRemove}>
              删除
            </Button>
          )}
        </span>
      </div>
      {columns.map((c) => {
        const text = controlTextOf(String(c.type))?.(row[modelOf(c)], c) ?? '';
        return (
          <div className="m-sub-card-line" key={modelOf(c)}>
            <span className="m-card-label">{nameOf(c)}：</span>
            <span>{text || '-'}</span>
          </div>
        );
      })}
    </div>
  );
}

/** The sheet a row is filled in: the sub-table's controls, checked by core as the desktop's row dialog. */
function RowSheet({ control, initial, formId, form, locked, onCancel, onDone }: { control: FormControl; initial: FormValues; formId: number; form: FormContext; locked: ReadonlySet<string>; onCancel(): void; onDone(row: FormValues): void }) {
  const [controls] = useState(() => lock(subTableChildren(control), locked));
  const [store] = useState(() => new MobileFormStore(controls, initial, form));
  return (
    <Popup visible onMaskClick={onCancel} bodyClassName="m-popup m-popup-tall" destroyOnClose>
      <div className="m-popup-title">{nameOf(control)}</div>
      <div className="m-popup-list">
        <FormFields store={store} controls={controls} mode="add" formId={formId} form={form} />
      </div>
      <div className="m-popup-actions">
        <Button onClick={onCancel}>取消</Button>
        <Button
          color="primary"
          onClick={() => {
            try {
              onDone(store.validate());
            } catch (err) {
              if (err instanceof FormValidationError) Toast.show({ content: FORM_VALIDATION_FAILED });
            }
          }}
        >
          确定
        </Button>
      </div>
    </Popup>
  );
}

/**
 * A sub-table on the phone: its rows as stacked cards, 添加 opens a sheet with the row's fields,
 * each card can be edited or removed. The rows are the parent form's value under the subKey, so
 * they are checked with it (core's validateValues checks each row) and saved with it.
 */
export function SubTableCards({ control, store, formId, form, readOnly, limits }: SubTableCardsProps) {
  const subKey = modelOf(control);
  const raw = useSyncExternalStore(store.subscribe, () => store.get(subKey));
  const error = useSyncExternalStore(store.subscribe, () => store.errorOf(subKey));
  const rows = Array.isArray(raw) ? (raw as FormValues[]) : [];
  const columns = subTableColumns(control);
  const [editing, setEditing] = useState<{ index: number | null; initial: FormValues } | null>(null);
  const setRows = (next: FormValues[]) => store.set(subKey, next);
  const addedCount = rows.filter((r) => !savedIdOf(r)).length;
  const mayAdd = !readOnly && (!limits || limits.add === 'multi' || (limits.add === 'single' && addedCount === 0));
  // Through a code a saved row is never removed, and changed only when the code allows it.
  const mayEdit = (row: FormValues) => !readOnly && (!limits || !savedIdOf(row) || limits.mayEdit(savedIdOf(row)));
  const mayRemove = (row: FormValues) => !readOnly && (!limits || !savedIdOf(row));

  return (
    <section className="m-sub-table" data-testid={`sub-table-${subKey}`} data-model={subKey}>
      <div className="m-sub-title">
        <span>{nameOf(control)}</span>
        {mayAdd && (
          <Button size="small" color="primary" fill="outline" onClick={() => setEditing({ index: null, initial: defaultValues(subTableChildren(control), form) })}>
            添加
          </Button>
        )}
      </div>
      {rows.length === 0 && <div className="m-sub-empty">暂无数据</div>}
      {rows.map((row, i) => (
        <RowCard
          key={i}
          columns={columns}
          row={row}
          index={i}
          onEdit={mayEdit(row) ? () => setEditing({ index: i, initial: row }) : undefined}
          onRemove={
            !mayRemove(row)
              ? undefined
              : () =>
                  void Dialog.confirm({ content: '确定删除这条记录吗？', confirmText: '确定', cancelText: '取消' }).then((ok) => {
                    if (ok) setRows(rows.filter((_, j) => j !== i));
                  })
          }
        />
      ))}
      {error && (
        <div className="m-field-error" role="alert">
          {error}
        </div>
      )}
      {editing && (
        <RowSheet
          control={control}
          initial={editing.initial}
          formId={formId}
          form={form}
          locked={!limits ? new Set() : editing.index !== null && savedIdOf(rows[editing.index] ?? {}) ? limits.lockedInSaved : limits.lockedInAdded}
          onCancel={() => setEditing(null)}
          onDone={(row) => {
            setRows(editing.index === null ? [...rows, row] : rows.map((r, j) => (j === editing.index ? row : r)));
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
