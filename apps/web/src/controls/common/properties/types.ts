import type { ComponentType } from 'react';
import type { FormConfig, FormControl, FormMeta } from '@park/core';

/** What every section of a control's panel receives. */
export interface SectionProps {
  control: FormControl;
  meta: FormMeta;
  parentTable?: FormControl;
  /** Proposes the replacement of the control (its key never changes). */
  onChange: (next: FormControl) => void;
}

export interface PropertySection {
  key: string;
  title: string;
  Body: ComponentType<SectionProps>;
}

/** Which parts of the common section a control type shows (not every widget reads every option). */
export interface CommonFields {
  /** A model (字段标识): false for layout controls, which store nothing. */
  model: boolean;
  width: boolean;
  placeholder: boolean;
  /** 新增时显示 / 编辑时显示 and 禁用 / 编辑时禁用. */
  state: boolean;
  /** 必填 and its message. */
  required: boolean;
  /** The pattern library (text and number values only). */
  patterns: boolean;
}

/** One control type's (or family's) property editor, registered by ControlType. */
export interface PropertyEditor {
  common: CommonFields;
  /** Sections of this type, after the common one, in order. */
  sections: readonly PropertySection[];
  /** Design problems a section already shows in place, left out of the list above the panel. */
  shownInPlace?: (props: SectionProps) => string[];
}

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
