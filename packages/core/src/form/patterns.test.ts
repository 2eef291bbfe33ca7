import { describe, expect, it } from 'vitest';
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from '../auth/passwordRule.ts';
import { compilePattern } from './lib/patterns.ts';
import { decimalPattern, identifyPattern, PATTERN_IDS, patternEntry, patternLibrary, type PatternId } from './patterns.ts';
import { CONTROL_DEFINITIONS } from './registry.ts';
import type { FormControl } from './types.ts';

const matches = (id: PatternId, text: string, places?: number) => compilePattern(patternEntry(id, places).pattern)!.test(text);

/** A plain input that carries the library entry as a rule, validated by the runtime itself. */
function inputWith(id: PatternId, places?: number): FormControl {
  const entry = patternEntry(id, places);
  return { type: 'input', key: 'k', model: 'f', name: '字段', options: {}, rules: [{ pattern: entry.pattern, message: entry.message }] };
}

describe('the pattern library', () => {
  it('lists the eight formats with Chinese names and messages, each compiling', () => {
    const library = patternLibrary();
    expect(library.map((e) => e.label)).toEqual(['手机号', '固定电话', '邮箱', '网址', '数字', '正整数', 'N位小数', '密码规则']);
    for (const entry of library) {
      expect(compilePattern(entry.pattern), entry.id).not.toBeNull();
      expect(entry.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('uses the same expressions as the typed inputs of the runtime', () => {
    const typed: Array<[PatternId, FormControl['type'], string, string]> = [
      ['mobile', 'input_mobile', '13812345678', '12812345678'],
      ['telephone', 'input_tel', '0551-12345678', '551-1234567'],
      ['email', 'input_mail', 'a.b@park.cn', 'a@b'],
      ['url', 'input_website', 'https://park.example.cn/a?b=1', 'not a url'],
    ];
    for (const [id, type, good, bad] of typed) {
      const control: FormControl = { type, key: 'k', model: 'f', name: '字段', options: {} };
      const runtime = CONTROL_DEFINITIONS[type as 'input_mobile'];
      expect(matches(id, good), `${id} ${good}`).toBe(true);
      expect(runtime.validate(good, control)).toBeNull();
      expect(matches(id, bad), `${id} ${bad}`).toBe(false);
      expect(runtime.validate(bad, control)).not.toBeNull();
    }
  });

  it('checks numbers, positive integers and N decimals', () => {
    expect(matches('number', '-12.5')).toBe(true);
    expect(matches('number', '1e3')).toBe(false);
    expect(matches('positiveInteger', '42')).toBe(true);
    expect(matches('positiveInteger', '0')).toBe(false);
    expect(matches('positiveInteger', '-3')).toBe(false);
    expect(matches('decimal', '3.14', 2)).toBe(true);
    expect(matches('decimal', '3', 2)).toBe(true);
    expect(matches('decimal', '3.145', 2)).toBe(false);
    expect(matches('decimal', '3.145', 3)).toBe(true);
    expect(patternEntry('decimal', 3)).toMatchObject({ label: '3位小数', message: '请输入最多3位小数的数字' });
  });

  it('applies the platform password rule exactly', () => {
    for (const pw of ['Abc1!x', 'aB3$efgh', 'abc1!x', 'ABC1!X', 'Abcd!x', 'Abc12x', 'A1!a', 'Ab1 cd']) {
      expect(matches('password', pw), pw).toBe(meetsPasswordRule(pw));
    }
    expect(patternEntry('password').message).toBe(PASSWORD_RULE_MESSAGE);
  });

  it('is enforced by the runtime with its message when stored as a rule', () => {
    const control = inputWith('mobile');
    expect(CONTROL_DEFINITIONS.input.validate('123', control)).toBe('请输入正确的手机号码');
    expect(CONTROL_DEFINITIONS.input.validate('13912345678', control)).toBeNull();
    expect(CONTROL_DEFINITIONS.input.validate('1.234', inputWith('decimal', 2))).toBe('请输入最多2位小数的数字');
  });

  it('recognises its own stored patterns and nothing else', () => {
    for (const id of PATTERN_IDS) expect(identifyPattern(patternEntry(id).pattern)?.id).toBe(id);
    expect(identifyPattern(decimalPattern(4))).toEqual({ id: 'decimal', places: 4 });
    expect(identifyPattern('/^[a-z]+$/')).toBeNull();
    expect(identifyPattern('')).toBeNull();
  });
});
