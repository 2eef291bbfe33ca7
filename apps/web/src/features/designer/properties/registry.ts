import type { ControlType } from '@park/core';
import { CONTROL_PROPERTIES } from '../../../controls/propertyRegistry.ts';
import type { PropertyEditor } from '../../../controls/shared/properties/types.ts';

/**
 * The property editor of every control type (DESIGN §3). Each lives in its control's folder
 * (`controls/<type>/properties.ts`) next to its editor and display, registered in
 * controls/propertyRegistry.ts; the sections families share are in `controls/shared/properties/`.
 */
export const PROPERTY_EDITORS: Readonly<Record<ControlType, PropertyEditor>> = CONTROL_PROPERTIES;

/** The editor of a type, or undefined for a type this designer does not know. */
export function propertyEditorOf(type: string): PropertyEditor | undefined {
  return Object.hasOwn(PROPERTY_EDITORS, type) ? PROPERTY_EDITORS[type as ControlType] : undefined;
}
