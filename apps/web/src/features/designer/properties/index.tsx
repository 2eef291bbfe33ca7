import type { FormConfig, FormControl, FormMeta } from '@park/core';

/**
 * Contract between the designer canvas and the property panels. The canvas owns the design state
 * and undo history; a panel only proposes a replacement for the one thing it edits.
 */
export interface ControlPropertyPanelProps {
  /** The selected control (it may sit inside a grid column or be a sub-table column). */
  control: FormControl;
  /** The whole design: for relatedList targets, formula fields and model uniqueness. */
  meta: FormMeta;
  /** Set when the control is a column of this sub-table. */
  parentTable?: FormControl;
  /** Replaces the control; `key` must not change. */
  onChange: (next: FormControl) => void;
}

export interface FormPropertyPanelProps {
  config: FormConfig;
  onChange: (next: FormConfig) => void;
}

// Placeholder until the property panels land (issue 9); replaced by the real registry.
export function ControlPropertyPanel({ control }: ControlPropertyPanelProps) {
  return <div className="designer-props-empty">{String(control.name ?? control.type)}</div>;
}

export function FormPropertyPanel(_props: FormPropertyPanelProps) {
  return <div className="designer-props-empty">表单属性</div>;
}
