import type { ComponentType, ReactNode } from 'react';
import type { FormContext, FormControl } from '@park/core';

/** add and edit draw editors; detail draws read-only displays (as the desktop's RenderMode). */
export type MobileMode = 'add' | 'edit' | 'detail';

/** What a mobile control may know about the form around it. */
export interface MobileContext {
  mode: MobileMode;
  formId: number;
  /** Current date, user and company: defaults and the server's checks use the same. */
  form: FormContext;
  /** Another control's current value, by model (urlParams with t=0). */
  getValue(model: string): unknown;
  /** Writes columns in stored shape into the controls that own them (a data picker's `maps`). */
  setStored(row: Record<string, unknown>): void;
  /** Draws a list of controls of the same form: grids use it for their columns. */
  renderControls(list: FormControl[]): ReactNode;
  /** Draws a sub-table's stacked cards (the form page hands it in). */
  renderSubTable?(control: FormControl): ReactNode;
}

export interface MobileEditorProps {
  control: FormControl;
  value: unknown;
  onChange(value: unknown): void;
  disabled: boolean;
  ctx: MobileContext;
}

export interface MobileDisplayProps {
  control: FormControl;
  value: unknown;
  ctx: MobileContext;
}

/**
 * How the form frames a control: `field` gets a label and its error line, `bare` is drawn as is,
 * `container` lays out other controls (grid), `subTable` is drawn as stacked cards of its own.
 */
export type MobileFrame = 'field' | 'bare' | 'container' | 'subTable';

/**
 * One control type on the phone (DESIGN §13): an antd-mobile editor and a read-only display. One
 * entry of controls/registry.ts MOBILE_CONTROLS each; its plain text (cards, the list) is the
 * type's entry of controls/texts.ts, kept apart so the list page loads no editor.
 */
export interface MobileControl {
  frame: MobileFrame;
  Editor: ComponentType<MobileEditorProps>;
  Display: ComponentType<MobileDisplayProps>;
}

/** A control's value as the plain text of a card or a sub-table row's summary. */
export type ControlText = (value: unknown, control: FormControl) => string;
