/**
 * The property panels, rendered to HTML on the server side (no DOM in the web project): every
 * control type has a panel that draws, and the panels show what they promise (the relation
 * chain preview, the formula's missing-field error, the pattern library).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import palette from '../../../../../../../shared/reference/origin/1298350966-ioc-vue-ts/formType.config.json' with { type: 'json' };
import { CONTROL_TYPES, CONTROL_DEFINITIONS, patternEntry, type FormControl, type FormMeta } from '@park/core';
import { nameProblems } from './common/CommonSection.tsx';
import { ControlPropertyPanel, FormPropertyPanel } from './index.tsx';
import { PROPERTY_EDITORS } from './registry.ts';
import { patternRulesOf, requiredMessageOf, withPatternRules, withRequired } from '../../../controls/common/properties/edit.ts';

const paletteControls = Object.values(palette as unknown as Record<string, FormControl[]>).flat();

/** Panels read lists (themes, data sources) through react-query; the queries stay off here. */
function withQueries(element: ReturnType<typeof createElement>): string {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  return renderToString(createElement(QueryClientProvider, { client }, element));
}

function render(control: FormControl, meta: FormMeta, parentTable?: FormControl): string {
  return withQueries(createElement(ControlPropertyPanel, { control, meta, parentTable, onChange: () => {} }));
}

/** A control of each type as the palette makes it (or bare, for types the palette lacks). */
function sample(type: string, index: number): FormControl {
  const base = paletteControls.find((c) => c.type === type);
  return { ...(base ?? { type, options: {} }), key: `k${index}`, model: `f${index}`, name: base?.name ?? type };
}

describe('property panels', () => {
  it('has an editor for every control type', () => {
    for (const type of CONTROL_TYPES) expect(PROPERTY_EDITORS[type], type).toBeDefined();
    expect(Object.keys(PROPERTY_EDITORS).sort()).toEqual([...CONTROL_TYPES].sort());
  });

  // Fifty panels drawn with antd's styles: slow on a busy machine, hence the longer limit.
  it('draws a panel for every control type, with the common section', { timeout: 30_000 }, () => {
    const list = CONTROL_TYPES.map(sample);
    const meta: FormMeta = { list, config: {} };
    for (const control of list) {
      const html = render(control, meta);
      expect(html, control.type).toContain('基本属性');
      expect(html, control.type).toContain('标题');
      const editor = PROPERTY_EDITORS[control.type as keyof typeof PROPERTY_EDITORS];
      if (editor.common.model) expect(html, control.type).toMatch(/字段标识|子表标识/);
      for (const section of editor.sections) expect(html, `${control.type} ${section.title}`).toContain(section.title);
      if (editor.common.required) expect(html, control.type).toContain('必填');
    }
  });

  it('previews the chain of relations of a select', () => {
    const sex: FormControl = {
      type: 'select',
      key: 'sex',
      model: 'sex',
      name: '性别',
      options: { remote: true, options: [{ value: '男', label: '男', relatedList: [] }, { value: '女', label: '女', relatedList: ['preg'] }] },
    };
    const preg: FormControl = { type: 'radio', key: 'preg', model: 'preg', name: '是否怀孕', options: { options: [{ value: '是', label: '是', relatedList: ['due'] }] } };
    const due: FormControl = { type: 'date', key: 'due', model: 'due', name: '预产期', options: {} };
    const html = render(sex, { list: [sex, preg, due], config: {} });
    expect(html).toContain('联动预览');
    expect(html).toContain('性别=女 → 是否怀孕 → 预产期');
  });

  it('shows the formula and names a missing field', () => {
    const price: FormControl = { type: 'input_number', key: 'price', model: 'price', name: '单价', options: {} };
    const total: FormControl = {
      type: 'calculate_formula',
      key: 'total',
      model: 'total',
      name: '金额',
      options: { formula: { type: 'number', exp: ['${price}', '*', '${qty}'], decimal: 2 } },
    };
    const html = render(total, { list: [price, total], config: {} });
    expect(html).toContain('【单价】 × 【qty（不存在）】');
    expect(html).toContain('控件“金额”的计算公式引用的字段 qty 不存在');
  });

  it('marks a model that breaks DESIGN §4 under 字段标识', () => {
    const a: FormControl = { type: 'input', key: 'a', model: 'create_time', name: '时间', options: {} };
    const meta: FormMeta = { list: [a], config: {} };
    // The help line animates in (not drawn server-side); the status and the message are checked apart.
    expect(render(a, meta)).toMatch(/title="字段标识"[\s\S]*ant-input-status-error[^>]*value="create_time"/);
    expect(nameProblems(meta, a)).toEqual(['控件“时间”的字段名 create_time 是系统保留字段']);
  });

  it('draws the form properties', () => {
    const html = withQueries(createElement(FormPropertyPanel, { config: { isBorder: true, labelPosition: 'top' }, onChange: () => {} }));
    for (const label of ['标签宽度', '标签位置', '组件尺寸', '标签后缀', '边框颜色', '边框宽度', '边框样式']) expect(html).toContain(label);
  });
});

describe('rule edits', () => {
  const input: FormControl = { type: 'input', key: 'k', model: 'phone', name: '电话', options: { pattern: '/^\\d+$/' } };

  it('keeps 必填 and its message together and removes both', () => {
    const on = withRequired(input, true, '请填写电话');
    expect(on.options.required).toBe(true);
    expect(requiredMessageOf(on)).toBe('请填写电话');
    expect(CONTROL_DEFINITIONS.input.validate('', on)).toBe('请填写电话');
    const off = withRequired(on, false, '请填写电话');
    expect(CONTROL_DEFINITIONS.input.validate('', off)).toBeNull();
  });

  it('folds options.pattern into the rules and enforces a picked library entry', () => {
    expect(patternRulesOf(input, [])).toEqual([{ pattern: '/^\\d+$/', message: '' }]);
    const mobile = patternEntry('mobile');
    const next = withPatternRules(input, [], [{ pattern: mobile.pattern, message: mobile.message }]);
    expect(next.options.pattern).toBe('');
    expect(patternRulesOf(next, [])).toEqual([{ pattern: mobile.pattern, message: mobile.message }]);
    expect(CONTROL_DEFINITIONS.input.validate('12345', next)).toBe(mobile.message);
  });

  it('leaves the palette pattern of a typed input to its built-in check', () => {
    const typed = paletteControls.find((c) => c.type === 'input_mobile')!;
    const superseded = CONTROL_DEFINITIONS.input_mobile.supersededPatterns;
    expect(patternRulesOf(typed, superseded)).toEqual([]);
    expect(withPatternRules(typed, superseded, []).options.pattern).toBe(typed.options.pattern);
  });
});
