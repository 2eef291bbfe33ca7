import { describe, expect, it } from 'vitest';
import { controlFromClipboardText, controlToClipboardText } from './clipboard.ts';
import type { FormControl } from '../form/types.ts';

const table: FormControl = {
  type: 'table',
  key: 'k_t',
  model: 'items',
  name: '明细',
  options: {},
  tableColumns: [{ type: 'input', key: 'k_c', model: 'item', name: '物品', options: { required: true } }],
};

describe('a control on the system clipboard', () => {
  it('travels as marked JSON and comes back equal', () => {
    const text = controlToClipboardText(table);
    expect(text).toContain('parkFormControl');
    expect(controlFromClipboardText(text)).toEqual(table);
  });

  it('is nothing for other text, broken JSON, unknown types and bad designs', () => {
    expect(controlFromClipboardText('普通文字')).toBeNull();
    expect(controlFromClipboardText('{"parkFormControl":1,"control":')).toBeNull();
    expect(controlFromClipboardText(JSON.stringify({ parkFormControl: 2, control: table }))).toBeNull();
    expect(controlFromClipboardText(controlToClipboardText({ ...table, type: 'rocket' } as unknown as FormControl))).toBeNull();
    expect(controlFromClipboardText(controlToClipboardText({ ...table, model: 'a;drop table x' }))).toBeNull();
    expect(controlFromClipboardText(`{"parkFormControl":1,"control":{"type":"input","name":"${'x'.repeat(600_000)}"}}`)).toBeNull();
  });
});
