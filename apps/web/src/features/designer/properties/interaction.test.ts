// @vitest-environment jsdom
/**
 * The panels driven as an administrator would, in a DOM: the formula builder pushes tokens from
 * field and operator buttons, a bad model is flagged on the spot, an option picks what it shows.
 */
import { createElement, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FormControl, FormMeta } from '@park/core';
import { ControlPropertyPanel } from './index.tsx';

beforeAll(() => {
  // antd reads these; jsdom has neither.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(cleanup);

/** The canvas's part: it keeps the design and hands the panel the replaced control back. */
function Host({ initial, selected, seen }: { initial: FormMeta; selected: string; seen: FormControl[] }) {
  const [meta, setMeta] = useState(initial);
  const control = meta.list.find((c) => c.key === selected)!;
  return createElement(ControlPropertyPanel, {
    control,
    meta,
    onChange: (next: FormControl) => {
      seen.push(next);
      setMeta((m) => ({ ...m, list: m.list.map((c) => (c.key === next.key ? next : c)) }));
    },
  });
}

function mount(meta: FormMeta, selected: string): FormControl[] {
  const seen: FormControl[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  render(createElement(QueryClientProvider, { client }, createElement(Host, { initial: meta, selected, seen })));
  return seen;
}

const price: FormControl = { type: 'input_number', key: 'price', model: 'price', name: '单价', options: {} };
const qty: FormControl = { type: 'input_int', key: 'qty', model: 'qty', name: '数量', options: {} };

describe('property panels in use', () => {
  it('builds a formula from field and operator buttons', { timeout: 30_000 }, () => {
    const total: FormControl = { type: 'calculate_formula', key: 'total', model: 'total', name: '金额', options: { formula: { type: 'number', exp: [], decimal: 2 } } };
    const seen = mount({ list: [price, qty, total], config: {} }, 'total');
    fireEvent.click(screen.getByRole('button', { name: '单价' }));
    fireEvent.click(screen.getByRole('button', { name: '运算符×' }));
    fireEvent.click(screen.getByRole('button', { name: '数量' }));
    expect(seen.at(-1)!.options.formula).toMatchObject({ exp: ['${price}', '*', '${qty}'], decimal: 2 });
    expect(screen.getByLabelText('公式内容').textContent).toBe('【单价】 × 【数量】');
    fireEvent.click(screen.getByRole('button', { name: /退格/ }));
    expect(seen.at(-1)!.options.formula).toMatchObject({ exp: ['${price}', '*'] });
    expect(screen.getByText(/不符合计算法则/)).toBeTruthy();
    expect(seen.every((c) => c.key === 'total')).toBe(true);
  });

  it('flags a model that is a system column while typing it', { timeout: 30_000 }, () => {
    const seen = mount({ list: [price, qty], config: {} }, 'qty');
    fireEvent.change(screen.getByLabelText('字段标识'), { target: { value: 'update_time' } });
    expect(seen.at(-1)!.model).toBe('update_time');
    expect(screen.getByText('控件“数量”的字段名 update_time 是系统保留字段')).toBeTruthy();
    expect(screen.getByLabelText('字段标识').className).toContain('ant-input-status-error');
    fireEvent.change(screen.getByLabelText('字段标识'), { target: { value: 'amount' } });
    // The message animates out; the input's status is what changes at once.
    expect(screen.getByLabelText('字段标识').className).not.toContain('ant-input-status-error');
  });

  it('turns a required flag on with its message', { timeout: 30_000 }, () => {
    const seen = mount({ list: [price], config: {} }, 'price');
    fireEvent.click(screen.getByRole('switch', { name: '必填' }));
    fireEvent.change(screen.getByLabelText('必填提示'), { target: { value: '请填写单价' } });
    expect(seen.at(-1)).toMatchObject({ options: { required: true }, rules: [{ required: true, message: '请填写单价' }] });
  });
});
