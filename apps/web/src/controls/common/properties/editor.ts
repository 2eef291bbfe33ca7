import type { CommonFields, PropertyEditor, PropertySection } from './types.ts';

/** What each kind of widget reads: width and placeholder only where drawn. */
export const FIELD: CommonFields = { model: true, width: true, placeholder: true, state: true, required: true, patterns: false };
export const TEXT: CommonFields = { ...FIELD, patterns: true };
/** Radio, checkbox, switch, slider, uploads, region and map draw no width or placeholder. */
export const BARE: CommonFields = { ...FIELD, width: false, placeholder: false };
export const LAYOUT: CommonFields = { model: false, width: false, placeholder: false, state: true, required: false, patterns: false };
export const SUB_TABLE: CommonFields = { ...LAYOUT, model: true };
export const NONE: CommonFields = { ...LAYOUT, state: false };

/** A control type's designer panel: the common fields it shows, then its own sections in order. */
export const propertyEditor = (
  common: CommonFields,
  sections: readonly PropertySection[] = [],
  shownInPlace?: PropertyEditor['shownInPlace'],
): PropertyEditor => ({ common, sections, shownInPlace });
