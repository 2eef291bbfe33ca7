import { Component, type ReactNode } from 'react';
import { definitionOf, isRequired, type FormControl } from '@park/core';
import { widgetOf } from '../../controls/registry.ts';
import type { RuntimeContext } from '../../controls/types.ts';
import { nameOf } from '../../controls/common/values.ts';

/* The canvas draws each control with the runtime's own editor and its default value, in a
   context that knows no form yet: what the designer sees is what the form shows. The editor sits
   in an inert box, so it takes no focus, clicks or keys: dragging and selecting stay the canvas's. */
const DESIGN_CONTEXT: RuntimeContext = {
  mode: 'add',
  formId: null,
  subKey: null,
  recordId: null,
  form: { mode: 'add' },
  getValue: () => undefined,
  setStored: () => undefined,
  renderControls: () => null,
};

function defaultOf(control: FormControl): unknown {
  try {
    return definitionOf(control)?.defaultValue(control, { mode: 'add' }) ?? null;
  } catch {
    return null;
  }
}

/** A control whose options are half-edited must not take the canvas down with it. */
class PreviewBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * One field as the runtime lays it out: label (with the required mark) and the editor. In a
 * sub-table column (`inColumn`) the editor fills the column, as in the runtime's batch grid: a
 * width set for the form (e.g. 40 %) would leave it unreadably narrow there.
 */
export function ControlPreview({ control, labelWidth, inColumn = false }: { control: FormControl; labelWidth: number; inColumn?: boolean }) {
  const widget = widgetOf(control.type);
  if (!widget) return <div className="dz-unknown">不支持的控件类型：{String(control.type)}</div>;
  const label = nameOf(control);
  const editor = (
    <PreviewBoundary fallback={<div className="dz-unknown">{label}</div>}>
      <widget.Editor control={control} value={defaultOf(control)} ctx={DESIGN_CONTEXT} disabled={false} compact={inColumn} onChange={() => undefined} />
    </PreviewBoundary>
  );
  if (widget.frame === 'bare') return <div className="dz-blank">空白</div>;
  return (
    <div className="dz-field">
      <span className={isRequired(control) ? 'dz-label dz-required' : 'dz-label'} style={{ width: labelWidth }} title={label}>
        {label}
      </span>
      <div className="dz-editor" inert>
        {editor}
      </div>
    </div>
  );
}
