import { ControlProperties } from './ControlProperties.tsx';
import { FormProperties } from './FormProperties.tsx';
import './properties.css';

export type { ControlPropertyPanelProps, FormPropertyPanelProps } from '../../../controls/common/properties/types.ts';
import type { ControlPropertyPanelProps, FormPropertyPanelProps } from '../../../controls/common/properties/types.ts';

/** The selected control's properties, by type (registry.ts). */
export function ControlPropertyPanel(props: ControlPropertyPanelProps) {
  return <ControlProperties {...props} />;
}

/** labelWidth, labelPosition, size, borders and labelSuffix of the whole form. */
export function FormPropertyPanel(props: FormPropertyPanelProps) {
  return <FormProperties {...props} />;
}
