import type { ControlType } from '@park/core';
import { CONTROL_UI, controlUiOf } from '../../../controls/registry.ts';
import type { PropertyEditor } from '../../../controls/common/properties/types.ts';

/**
 * The property editor of every control type (DESIGN §3): the `properties` half of each entry of
 * controls/registry.ts CONTROL_UI, next to the type's widget in its family folder
 * (`controls/<family>/index.ts`, sections in `controls/<family>/properties.tsx`).
 */
export const PROPERTY_EDITORS: Readonly<Record<ControlType, PropertyEditor>> = Object.fromEntries(
  Object.entries(CONTROL_UI).map(([type, ui]) => [type, ui.properties]),
) as Record<ControlType, PropertyEditor>;

/** The editor of a type, or undefined for a type this designer does not know. */
export function propertyEditorOf(type: string): PropertyEditor | undefined {
  return controlUiOf(type)?.properties;
}
