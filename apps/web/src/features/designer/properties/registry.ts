import { CONTROL_TYPES, type ControlType } from '@park/core';
import { CONTROL_WIDGETS } from '../../../controls/registry.ts';
import type { PropertyEditor } from '../../../controls/shared/properties/types.ts';

/**
 * The property editor of every control type (DESIGN §3). Each lives in its control's folder
 * (`controls/<type>/index.tsx`, `properties`), next to its editor and display; the sections that
 * families share are in `controls/shared/properties/<family>/`.
 */
export const PROPERTY_EDITORS: Readonly<Record<ControlType, PropertyEditor>> = Object.fromEntries(
  CONTROL_TYPES.map((type) => [type, CONTROL_WIDGETS[type].properties]),
) as Record<ControlType, PropertyEditor>;

/** The editor of a type, or undefined for a type this designer does not know. */
export function propertyEditorOf(type: string): PropertyEditor | undefined {
  return Object.hasOwn(PROPERTY_EDITORS, type) ? PROPERTY_EDITORS[type as ControlType] : undefined;
}
