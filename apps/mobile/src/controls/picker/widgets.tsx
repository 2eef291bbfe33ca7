import { useState } from 'react';
import { Tag } from 'antd-mobile';
import { multiPickerText, pickerText, readMultiPicker, readPicker, type FormControl, type MultiPickerItem } from '@park/core';
import type { MobileControl, MobileEditorProps } from '../types.ts';
import { PickerRow } from '../common/PickerRow.tsx';
import { textDisplay } from '../common/TextDisplay.tsx';
import { flag, isObject, optionsOf, placeholderOf, textOf } from '../common/values.ts';
import { CandidatePopup } from './CandidatePopup.tsx';
import type { Candidate } from './sources.ts';

/** A data picker's `maps.mapping`: the picked record's columns written into other fields. */
function mappedColumns(control: FormControl, row: Candidate): Record<string, unknown> | null {
  const maps = optionsOf(control).maps;
  const mapping = isObject(maps) && Array.isArray(maps.mapping) ? maps.mapping.filter(isObject) : [];
  const out: Record<string, unknown> = {};
  for (const m of mapping) {
    const model = textOf(m.model);
    if (model) out[model] = row.raw[textOf(m.selectKey)] ?? null;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** A company user's company picker is locked to their own company (spec 000 §6). */
function lockedCompany(control: FormControl, ctx: MobileEditorProps['ctx']): boolean {
  return String(control.type).includes('company') && ctx.form.currentUser?.userType === 1;
}

function SinglePickerEditor({ control, value, onChange, disabled, ctx }: MobileEditorProps) {
  const [open, setOpen] = useState(false);
  const reading = readPicker(value, control);
  const current = reading.kind === 'one' ? reading.value : null;
  const off = disabled || lockedCompany(control, ctx);
  return (
    <>
      <PickerRow
        text={pickerText(value, control)}
        placeholder={placeholderOf(control, '请选择')}
        disabled={off}
        onOpen={() => setOpen(true)}
        extra={
          current && !off && !flag(optionsOf(control).required) ? (
            <button type="button" className="m-clear" aria-label="清除" onClick={() => onChange(null)}>
              ×
            </button>
          ) : null
        }
      />
      {open && (
        <CandidatePopup
          control={control}
          formId={ctx.formId}
          getValue={ctx.getValue}
          chosen={current ? [current.id] : []}
          multiple={false}
          onClose={() => setOpen(false)}
          onPick={([row]) => {
            if (row) {
              onChange({ id: row.id, label: row.label });
              const mapped = mappedColumns(control, row);
              if (mapped) ctx.setStored(mapped);
            }
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function MultiPickerEditor({ control, value, onChange, disabled, ctx }: MobileEditorProps) {
  const [open, setOpen] = useState(false);
  const items = readMultiPicker(value) ?? [];
  return (
    <>
      <PickerRow text={items.length ? `已选 ${items.length} 项` : ''} placeholder={placeholderOf(control, '请选择')} disabled={disabled} onOpen={() => setOpen(true)} />
      {items.length > 0 && (
        <div className="m-tags">
          {items.map((i) => (
            <Tag key={i.k} color="primary" fill="outline">
              {i.v || i.k}
              {!disabled && (
                <button type="button" className="m-tag-close" aria-label={`移除${i.v || i.k}`} onClick={() => onChange(items.filter((x) => x.k !== i.k))}>
                  ×
                </button>
              )}
            </Tag>
          ))}
        </div>
      )}
      {open && (
        <CandidatePopup
          control={control}
          formId={ctx.formId}
          getValue={ctx.getValue}
          chosen={items.map((i) => i.k)}
          multiple
          onClose={() => setOpen(false)}
          onPick={(rows) => {
            const held = new Map(items.map((i) => [i.k, i]));
            const next: MultiPickerItem[] = rows.map((r) => ({ k: r.id, v: r.label || held.get(r.id)?.v || '' }));
            onChange(next);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

/** current_user: filled with the user who fills the form; never picked. */
function CurrentUserEditor({ control, value }: MobileEditorProps) {
  return <span className="m-field-display">{pickerText(value, control) || '-'}</span>;
}

export const singlePickerWidget = (): MobileControl => ({ frame: 'field', Editor: SinglePickerEditor, Display: textDisplay(pickerText) });
export const multiPickerWidget = (): MobileControl => ({ frame: 'field', Editor: MultiPickerEditor, Display: textDisplay(multiPickerText) });
export const currentUserWidget = (): MobileControl => ({ frame: 'field', Editor: CurrentUserEditor, Display: textDisplay(pickerText) });
