import type { FormConfig, FormControl, FormMeta } from '@park/core';
import { ControlProperties } from './ControlProperties.tsx';
import { FormProperties } from './FormProperties.tsx';
import './properties.css';

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

/** The selected control's properties, by type (registry.ts). */
export function ControlPropertyPanel(props: ControlPropertyPanelProps) {
  return <ControlProperties {...props} />;
}

/** labelWidth, labelPosition, size, borders and labelSuffix of the whole form. */
export function FormPropertyPanel(props: FormPropertyPanelProps) {
  return <FormProperties {...props} />;
}
