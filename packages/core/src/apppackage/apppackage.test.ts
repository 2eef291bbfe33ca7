import { describe, expect, it } from 'vitest';
import { compareSemver, entryNameProblem, mapFormRefs, packagedFormRefs } from './index.ts';

describe('application package rules (issue 41)', () => {
  it('accepts only the entry names the format writes', () => {
    expect(entryNameProblem('manifest.json')).toBeNull();
    expect(entryNameProblem('forms/f1.json')).toBeNull();
    expect(entryNameProblem('dictionaries/hz_class.json')).toBeNull();
    expect(entryNameProblem('../x.json')).toContain('上级目录');
    expect(entryNameProblem('forms/../../x.json')).toContain('上级目录');
    expect(entryNameProblem('/etc/passwd')).toContain('绝对路径');
    expect(entryNameProblem('C:/x.json')).toContain('绝对路径');
    expect(entryNameProblem('forms\\x.json')).toContain('反斜杠');
    expect(entryNameProblem('forms/x.js')).toContain('不属于应用包格式');
  });

  it('compares versions by number, not text', () => {
    expect(compareSemver('1.10.0', '1.9.0')).toBe(1);
    expect(compareSemver('1.0.0', '1.0.0')).toBe(0);
    expect(compareSemver('0.9.9', '1.0.0')).toBe(-1);
  });

  it('maps form references both ways, sub-table suffix kept', () => {
    const meta = {
      list: [
        { type: 'm_data_ref', name: '车队', key: 'a', model: 'fleet', options: { dsConf: { formId: '12' } } },
      ],
      config: {},
    };
    const out = mapFormRefs(meta as never, (ref) => (ref === '12' ? '@form:fleet' : null));
    expect(out.unmapped).toEqual([]);
    expect(packagedFormRefs(out.meta)).toEqual(['fleet']);
    expect(meta.list[0]!.options.dsConf.formId).toBe('12'); // the caller's design untouched
    const back = mapFormRefs(out.meta, (ref) => (ref === '@form:fleet' ? '40' : null));
    expect((back.meta.list[0] as { options: { dsConf: { formId: string } } }).options.dsConf.formId).toBe('40');
  });
});
