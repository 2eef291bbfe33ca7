import type { ComponentType } from 'react';
import type { FormControl, FormMeta } from '@park/core';

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
