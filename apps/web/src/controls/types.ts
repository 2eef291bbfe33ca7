import type { ComponentType, ReactNode } from 'react';
import type { FormContext, FormControl } from '@park/core';
import type { PropertyEditor } from './common/properties/types.ts';

/** add and edit draw editors; detail draws read-only displays (spec 001 §2.8). */
export type RenderMode = 'add' | 'edit' | 'detail';

/** What a widget may know about the form around it. */
export interface RuntimeContext {
  mode: RenderMode;
  /** The form the control belongs to; null while it is not known (a design preview). */
  formId: number | null;
  /** The sub-table whose row this control edits, if any. */
  subKey: string | null;
  /** The saved record the controls belong to (a sub-table's parent), or null before the first save. */
  recordId: string | null;
  /** Current date, user and company: defaults and the server's own checks use the same. */
  form: FormContext;
  /** Another control's current value, by model (urlParams with t=0). */
  getValue(model: string): unknown;
  /** Writes columns in stored shape into the controls that own them (picker `maps`). */
  setStored(row: Record<string, unknown>): void;
  /** Draws a list of controls in the same form: grids use it for their columns. */
  renderControls(list: FormControl[]): ReactNode;
  /** Draws a sub-table's panel (the form's sub-table section hands it in; absent elsewhere). */
  renderSubTable?(control: FormControl): ReactNode;
}

export interface EditorProps {
  control: FormControl;
  value: unknown;
  onChange(value: unknown): void;
  onBlur?(): void;
  disabled: boolean;
  /** The id of the field's main input, which the label points at. */
  id?: string;
  /** Inside a grid cell of the batch dialog: no extra chrome. */
  compact?: boolean;
  ctx: RuntimeContext;
}

export interface DisplayProps {
  control: FormControl;
  value: unknown;
  ctx: RuntimeContext;
}

/**
 * How the renderer frames a widget: `field` gets a label and the error line, `bare` is drawn
 * as is (blank space), `container` lays out other controls (grid), `subTable` is drawn as a tab
 * of its own below the form.
 */
export type WidgetFrame = 'field' | 'bare' | 'container' | 'subTable';

/** How a control type is drawn (DESIGN §3): an editor, a read-only display, plain text. */
export interface ControlWidget {
  frame: WidgetFrame;
  Editor: ComponentType<EditorProps>;
  Display: ComponentType<DisplayProps>;
  /** The value as plain text, for tables, the batch grid and tests. */
  text(value: unknown, control: FormControl): string;
}


/**
 * One control type's browser half (DESIGN §3): its widget and its designer property panel, one
 * entry of controls/registry.ts CONTROL_UI, listed by the type's family (`controls/<family>/index.ts`).
 */
export interface ControlUi {
  widget: ControlWidget;
  properties: PropertyEditor;
}
