/**
 * An editable list of small records (maps.mapping, urlParams, dsConf columns…): one line per
 * record, one input per field, add and delete. The records keep any key the panel does not edit.
 */
import { Button, Input, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isRecord, textOf } from './edit.ts';

export interface RowField {
  field: string;
  placeholder: string;
  /** A fixed choice instead of free text. */
  choices?: ReadonlyArray<{ value: string; label: string }>;
  /** Choices that depend on the row (urlParams: a form field only when t is 0). */
  choicesFor?: (row: Record<string, unknown>) => ReadonlyArray<{ value: string; label: string }> | undefined;
  /** Stored as a number (urlParams t). */
  numeric?: boolean;
  width?: number;
}

export interface RowsEditorProps {
  label: string;
  fields: readonly RowField[];
  value: unknown;
  onChange: (rows: Record<string, unknown>[]) => void;
  /** A new row's values. */
  blank?: Record<string, unknown>;
}

export function rowsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

export function RowsEditor({ label, fields, value, onChange, blank }: RowsEditorProps) {
  const rows = rowsOf(value);
  const set = (index: number, field: RowField, raw: string) => {
    const v = field.numeric ? Number(raw) : raw;
    onChange(rows.map((row, i) => (i === index ? { ...row, [field.field]: v } : row)));
  };
  return (
    <div className="props-rows" aria-label={label}>
      {rows.map((row, index) => (
        <Space.Compact key={index} block className="props-row">
          {fields.map((field) => ({ ...field, choices: field.choicesFor?.(row) ?? field.choices })).map((f) =>
            f.choices ? (
              <Select
                key={f.field}
                aria-label={`${label}${index + 1}${f.placeholder}`}
                size="small"
                value={textOf(row[f.field]) || undefined}
                placeholder={f.placeholder}
                options={f.choices.map((c) => ({ value: c.value, label: c.label }))}
                onChange={(v: string) => set(index, f, v)}
                style={{ width: f.width ?? 90, flex: f.width ? undefined : 1 }}
              />
            ) : (
              <Input
                key={f.field}
                aria-label={`${label}${index + 1}${f.placeholder}`}
                size="small"
                value={textOf(row[f.field])}
                placeholder={f.placeholder}
                onChange={(e) => set(index, f, e.target.value)}
                style={f.width ? { width: f.width } : { flex: 1, minWidth: 0 }}
              />
            ),
          )}
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={`删除${label}${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          />
        </Space.Compact>
      ))}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => onChange([...rows, { ...(blank ?? Object.fromEntries(fields.map((f) => [f.field, '']))) }])}
      >
        添加{label}
      </Button>
    </div>
  );
}
