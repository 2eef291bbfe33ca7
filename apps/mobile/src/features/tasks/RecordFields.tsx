import { List } from 'antd-mobile';
import { flattenControls, isSubTable, parseFormMeta } from '@park/core';
import { SubTableRows } from './SubTableRows.tsx';

/** A stored value as text: lists joined, objects by their name, files and signatures named as such. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.length === 0 ? '-' : value.map(valueText).join('、');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const named = o.name ?? o.label ?? o.realName ?? o.fileName ?? o.title;
    return typeof named === 'string' ? named : '[附件]';
  }
  const text = String(value);
  if (text.startsWith('data:image/')) return '[签名]';
  return text;
}

/** A choice control's stored value(s) by their option labels (radio '1' → 是); other values as they are. */
function optionLabels(options: unknown, text: string): string {
  if (!Array.isArray(options) || text === '-') return text;
  const labels = new Map<string, string>();
  for (const o of options) if (o && typeof o === 'object' && 'value' in o) labels.set(String((o as { value: unknown }).value), String((o as { label?: unknown }).label ?? (o as { value: unknown }).value));
  if (labels.size === 0) return text;
  return text
    .split(/[,、]/)
    .map((part) => labels.get(part) ?? part)
    .join('、');
}

/**
 * The record of an approval, read-only: each field's label and its stored value as text (a
 * picker's label column when it has one); a sub-table by its rows, read apart. The full rendering
 * of every control on a phone is the form pages' (src/form).
 */
export function RecordFields({ formMeta, record, formId, businessId }: { formMeta: unknown; record: Record<string, unknown>; formId: number; businessId: string }) {
  const parsed = parseFormMeta(formMeta);
  if (!parsed.ok) return <div className="m-section-title">{parsed.message}</div>;
  const controls = flattenControls(parsed.meta).filter((c) => c.model && c.show !== false);
  return (
    <List header="表单内容" className="m-record-fields">
      {controls.map((c) => {
        const raw = c.label_model && record[c.label_model] !== undefined ? record[c.label_model] : record[c.model!];
        return (
          <List.Item key={c.key ?? c.model} title={c.name ?? c.model}>
            {isSubTable(c) ? <SubTableRows formId={formId} parentId={businessId} control={c} /> : <span className="m-field-value">{optionLabels(c.options?.options, valueText(raw))}</span>}
          </List.Item>
        );
      })}
    </List>
  );
}
