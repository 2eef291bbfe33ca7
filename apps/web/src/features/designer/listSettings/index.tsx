import type { FormMeta, SensorSettings } from '@park/core';

/** Contract of the list-page settings editor (sensorSettings) used by the designer. */
export interface ListSettingsEditorProps {
  /** The design, whose controls are the choices for conditions and result columns. */
  meta: FormMeta;
  value: SensorSettings | undefined;
  onChange: (next: SensorSettings) => void;
}

// Placeholder until the list-page settings editor lands (issue 9).
export function ListSettingsEditor(_props: ListSettingsEditorProps) {
  return <div>列表页设置</div>;
}
