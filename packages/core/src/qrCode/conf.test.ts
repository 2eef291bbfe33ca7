import { describe, expect, it } from 'vitest';
import { defaultQrCodeConf, qrAddValues, qrCodeConfProblem, qrPresetValues, QR_TEXT, type QrEntry } from './conf.ts';
import { qrChildProblem, qrConditionInput, qrRowChanged, qrSubTableRules, QR_SUB_TEXT } from './subTables.ts';

const keys = new Set(['checkpoint', 'result']);
const entry = (parent: QrEntry['content']['parent']): QrEntry => ({ name: '巡检', isShow: true, content: { parent, childs: [] } });

describe('qrCode rules (shared by 二维码设置 and the server)', () => {
  it('accepts the default and refuses another form’s configuration', () => {
    expect(qrCodeConfProblem(defaultQrCodeConf(3), 3, keys)).toBeNull();
    expect(qrCodeConfProblem(defaultQrCodeConf(4), 3, keys)).toBe(QR_TEXT.formMismatch);
  });

  it('takes ${param} presets from the code and forces read-only ones', () => {
    const e = entry([{ name: '巡检点', key: 'checkpoint', preset: true, readOnly: true, value: '${point}' }, { name: '结果', key: 'result', preset: true, value: '正常' }]);
    expect(qrPresetValues(e, { point: 'A-01' })).toEqual({ checkpoint: 'A-01', result: '正常' });
    expect(qrAddValues(e, { point: 'A-01' }, { checkpoint: '伪造', result: '异常' })).toEqual({ checkpoint: 'A-01', result: '异常' });
    expect(qrAddValues(e, {}, {})).toEqual({ checkpoint: '', result: '正常' });
  });
});

describe('查看/编辑 sub-table rules (subTables.ts)', () => {
  const child = {
    subKey: 'checks',
    add: { isAllow: true, type: 'multi', contents: [{ name: '状态', key: 'status', type: 'edit', value: '待检' }] },
    edit: { isAllow: false, contents: [], cond: { type: 'and', conds: [] } },
    query: { isAllow: true, type: '1', contents: [], cond: { type: 'or', conds: [{ type: 'and', conds: [{ key: 'area', opt: '$eq', value: 'A区' }] }] } },
  };
  const withChilds = (childs: unknown[], parent: QrEntry['content']['parent'] = []): QrEntry => ({ name: 'x', isShow: true, content: { parent, childs } });

  it('resolves an 编辑 child into add, edit and the rows’ condition; a sub-table without a child gets nothing', () => {
    const rules = qrSubTableRules('edit', withChilds([child]), ['checks', 'logs']);
    expect([...rules.keys()]).toEqual(['checks']);
    expect(rules.get('checks')).toMatchObject({ visible: true, add: 'multi', edit: false, fields: null, addDefaults: { status: '待检' } });
    expect(qrConditionInput(rules.get('checks')!.rowCond)).toEqual({ relation: 'or', conds: [{ relation: 'and', conds: [{ key: 'area', opt: '$eq', value: 'A区' }] }] });
  });

  it('a 查看 entry listing nothing shows every sub-table read-only', () => {
    const rules = qrSubTableRules('query', withChilds([]), ['checks']);
    expect(rules.get('checks')).toMatchObject({ visible: true, add: 'none', edit: false, fields: null, rowCond: null });
    expect(qrSubTableRules('query', withChilds([], [{ name: 'a', key: 'a' }]), ['checks']).size).toBe(0);
  });

  it('checks sub-table keys, fields and conditions', () => {
    const subs = new Map([['checks', new Set(['status', 'area'])]]);
    expect(qrChildProblem('edit', [child], subs)).toBeNull();
    expect(qrChildProblem('edit', [{ ...child, subKey: 'nope' }], subs)).toBe(QR_SUB_TEXT.subUnknown);
    expect(qrChildProblem('edit', [{ ...child, query: { ...child.query, cond: { type: 'and', conds: [{ type: 'and', conds: [{ key: 'area', opt: '', value: '' }] }] } } }], subs)).toBe(QR_SUB_TEXT.condOptMissing);
  });

  it('a row is changed only when a column it may see differs (numbers compared as numbers)', () => {
    expect(qrRowChanged(['a', 'n'], { a: 'x', n: '12.50', s: '1' }, { a: 'x', n: '12.5', s: '2' })).toBe(false);
    expect(qrRowChanged(['a'], { a: 'x' }, { a: 'y' })).toBe(true);
    expect(qrRowChanged(['a'], { a: null }, {})).toBe(false);
  });
});
