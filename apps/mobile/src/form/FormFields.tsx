import { useSyncExternalStore, type ReactNode } from 'react';
import { isRequired, type FormContext, type FormControl } from '@park/core';
import { mobileControlOf } from '../controls/registry.ts';
import type { MobileContext, MobileMode } from '../controls/types.ts';
import { isDisabled, modelOf, nameOf } from '../controls/common/values.ts';
import type { MobileFormStore } from './store.ts';

interface FieldProps {
  control: FormControl;
  store: MobileFormStore;
  ctx: MobileContext;
}

/** One control: subscribed to its own value, error and visibility. */
function Field({ control, store, ctx }: FieldProps) {
  const model = modelOf(control);
  const value = useSyncExternalStore(store.subscribe, () => (model ? store.get(model) : undefined));
  const error = useSyncExternalStore(store.subscribe, () => (model ? store.errorOf(model) : undefined));
  const hidden = useSyncExternalStore(store.subscribe, () => store.isHidden(control));
  const widget = mobileControlOf(String(control.type));
  if (hidden) return null;
  if (!widget) return <div className="m-field-unknown">不支持的控件类型：{String(control.type)}</div>;
  const detail = ctx.mode === 'detail';
  const Body = detail ? widget.Display : widget.Editor;
  const body = <Body control={control} value={value} onChange={(v: unknown) => model && store.set(model, v)} disabled={isDisabled(control, ctx.mode)} ctx={ctx} />;
  if (widget.frame !== 'field') return body;
  const required = !detail && isRequired(control);
  return (
    <div className={`m-field${error ? ' m-field-invalid' : ''}`} data-model={model || undefined} data-testid={model ? `field-${model}` : undefined}>
      <div className={required ? 'm-field-label m-required' : 'm-field-label'}>{nameOf(control)}</div>
      <div className="m-field-body">{body}</div>
      {error && (
        <div className="m-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export interface FormFieldsProps {
  store: MobileFormStore;
  controls: FormControl[];
  mode: MobileMode;
  formId: number;
  form: FormContext;
  renderSubTable?(control: FormControl): ReactNode;
}

/** The controls of a form, one under another (a phone has one column), each by its registry entry. */
export function FormFields({ store, controls, mode, formId, form, renderSubTable }: FormFieldsProps) {
  const ctx: MobileContext = {
    mode,
    formId,
    form,
    getValue: (model) => store.get(model),
    setStored: (row) => store.setStored(row),
    renderControls: (list) => list.map((c, i) => <Field key={String(c.key ?? c.model ?? i)} control={c} store={store} ctx={ctx} />),
    renderSubTable,
  };
  return <div className="m-form-fields">{ctx.renderControls(controls)}</div>;
}
