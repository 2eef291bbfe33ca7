import { Select } from 'antd';
import type { FlowField } from '@park/core';

/** A field of a form, by name, searchable. */
export function FieldSelect({ fields, value, onChange, placeholder = '请选择字段', width = 160, ariaLabel = '字段' }: {
  fields: readonly FlowField[];
  value: string | undefined;
  onChange: (field: FlowField) => void;
  placeholder?: string;
  width?: number;
  ariaLabel?: string;
}) {
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={ariaLabel}
      placeholder={placeholder}
      style={{ width }}
      value={value || undefined}
      options={fields.map((f) => ({ value: f.model, label: f.name }))}
      onChange={(model: string) => {
        const f = fields.find((x) => x.model === model);
        if (f) onChange(f);
      }}
    />
  );
}
