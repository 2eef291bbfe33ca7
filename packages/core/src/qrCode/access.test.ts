import { describe, expect, it } from 'vitest';
import { anonymousCreatorLabel, qrEditableInput, qrRecordFields, qrVisibleRecord } from './access.ts';
import type { QrEntry } from './conf.ts';

const entry = (parent: QrEntry['content']['parent']): QrEntry => ({ name: '灭火器', isShow: true, content: { parent, childs: [] } });

describe('a bound code’s fields', () => {
  it('编辑 writes only fields set to edit; the rest of a crafted body is ignored', () => {
    const f = qrRecordFields('edit', entry([{ name: '点', key: 'point', auth: 'read' }, { name: '结果', key: 'result', auth: 'edit' }]));
    expect(qrEditableInput(f, { point: 'x', result: 'y', secret: 'z' })).toEqual({ result: 'y' });
    expect(qrVisibleRecord(f, { id: 1, point: 'a', result: 'b', secret: 'c' }, new Set(['point', 'result', 'secret']))).toEqual({ id: 1, point: 'a', result: 'b' });
  });

  it('查看 edits nothing; an entry listing no field shows every field', () => {
    const f = qrRecordFields('query', entry([]));
    expect(f.visible).toBeNull();
    expect(qrEditableInput(f, { result: 'y' })).toEqual({});
    expect(anonymousCreatorLabel('访客登记')).toBe('匿名（二维码：访客登记）');
  });
});
