import { describe, expect, it } from 'vitest';
import { computeVisibility, hiddenControlKeys, isShownInMode, visibleModels } from './conditions.ts';
import type { FormControl, FormMeta } from './types.ts';

const input = (key: string, extra: Partial<FormControl> = {}): FormControl => ({ type: 'input', key, model: key, name: key, options: {}, ...extra });
const chooser = (type: 'radio' | 'select', key: string, options: Array<{ value: string; relatedList?: string[] }>, defaultValue = ''): FormControl => ({
  type,
  key,
  model: key,
  name: key,
  options: { defaultValue, options },
});
const form = (...list: FormControl[]): FormMeta => ({ list, config: {} });

describe('conditional display', () => {
  const kind = chooser('radio', 'kind', [
    { value: '危化品', relatedList: ['casNo', 'level'] },
    { value: '普通', relatedList: ['remark'] },
  ]);
  const level = chooser('select', 'level', [{ value: '一级', relatedList: ['plan'] }, { value: '二级' }]);
  const meta = form(kind, input('casNo'), level, input('plan'), input('remark'), input('always'));

  it('shows what the chosen option lists and hides what only other options list', () => {
    expect([...visibleModels(meta, { kind: '普通' })].sort()).toEqual(['always', 'kind', 'remark']);
    expect([...hiddenControlKeys(meta, { kind: '普通' })].sort()).toEqual(['casNo', 'level', 'plan']);
  });

  it('hides, recursively, what a hidden control would have shown', () => {
    expect(visibleModels(meta, { kind: '普通', level: '一级' }).has('plan')).toBe(false);
    expect(visibleModels(meta, { kind: '危化品', level: '一级' }).has('plan')).toBe(true);
    expect(visibleModels(meta, { kind: '危化品', level: '二级' }).has('plan')).toBe(false);
  });

  it('uses the default option while the choice is untouched', () => {
    const withDefault = form({ ...kind, options: { ...kind.options, defaultValue: '普通' } }, input('casNo'), input('remark'), level, input('plan'));
    expect(visibleModels(withDefault, {}).has('remark')).toBe(true);
    expect(visibleModels(withDefault, {}).has('casNo')).toBe(false);
    expect(visibleModels(withDefault, { kind: '' }).has('remark')).toBe(false);
  });

  it('hides everything related when nothing is chosen', () => {
    expect([...visibleModels(meta, {})].sort()).toEqual(['always', 'kind']);
  });

  it('shows a control that any visible choice lists', () => {
    const a = chooser('radio', 'a', [{ value: 'y', relatedList: ['shared'] }, { value: 'n' }]);
    const b = chooser('radio', 'b', [{ value: 'y', relatedList: ['shared'] }, { value: 'n' }]);
    const both = form(a, b, input('shared'));
    expect(visibleModels(both, { a: 'n', b: 'y' }).has('shared')).toBe(true);
    expect(visibleModels(both, { a: 'n', b: 'n' }).has('shared')).toBe(false);
  });

  it('hides the controls inside a hidden grid, and a hidden sub-table', () => {
    const grid: FormControl = { type: 'grid', key: 'box', options: {}, columns: [{ span: 12, list: [input('inGrid')] }] };
    const table: FormControl = { type: 'table', key: 'rows', model: 'rows', options: {}, tableColumns: [input('cell')] };
    const toggle = chooser('select', 't', [{ value: 'on', relatedList: ['box', 'rows'] }, { value: 'off' }]);
    const meta2 = form(toggle, grid, table);
    expect([...visibleModels(meta2, { t: 'off' })]).toEqual(['t']);
    expect([...visibleModels(meta2, { t: 'on' })].sort()).toEqual(['inGrid', 'rows', 't']);
    expect(computeVisibility(meta2, { t: 'off' }).hiddenKeys).toEqual(new Set(['box', 'inGrid', 'rows']));
  });

  it('finds choices inside grids and reads multi-select arrays', () => {
    const multi: FormControl = { ...chooser('select', 'm', [{ value: 'a', relatedList: ['x'] }, { value: 'b', relatedList: ['y'] }]), options: { multiple: true, options: [{ value: 'a', relatedList: ['x'] }, { value: 'b', relatedList: ['y'] }] } };
    const grid: FormControl = { type: 'grid', options: {}, columns: [{ list: [multi] }, { list: [input('x'), input('y')] }] };
    expect([...visibleModels(form(grid), { m: ['a', 'b'] })].sort()).toEqual(['m', 'x', 'y']);
    expect([...visibleModels(form(grid), { m: ['b'] })].sort()).toEqual(['m', 'y']);
  });

  it('keeps a loop of choices with no visible entry hidden', () => {
    const p = chooser('radio', 'p', [{ value: '1', relatedList: ['q'] }]);
    const q = chooser('radio', 'q', [{ value: '1', relatedList: ['p'] }]);
    expect([...visibleModels(form(p, q, input('z')), { p: '1', q: '1' })]).toEqual(['z']);
  });

  it('resolves a relatedList entry by model when no key matches', () => {
    const byModel = chooser('radio', 'r', [{ value: 'y', relatedList: ['detail_model'] }, { value: 'n' }]);
    const meta3 = form(byModel, input('k_detail', { model: 'detail_model' }));
    expect(visibleModels(meta3, { r: 'n' }).has('detail_model')).toBe(false);
    expect(visibleModels(meta3, { r: 'y' }).has('detail_model')).toBe(true);
  });

  it('leaves out layout controls and checkboxes do not control', () => {
    const box: FormControl = { type: 'checkbox', key: 'cb', model: 'cb', options: { options: [{ value: 'a', relatedList: ['t1'] }] } };
    const text: FormControl = { type: 'text', key: 't1', model: 't1', options: {} };
    expect([...visibleModels(form(box, text, input('z')), { cb: [] })].sort()).toEqual(['cb', 'z']);
  });
});

describe('add and edit flags', () => {
  it('hides showFields controls when adding and editShowFields ones when editing', () => {
    const addHidden = input('a', { options: { showFields: true } });
    const editHidden = input('b', { options: { editShowFields: 'true' } });
    expect(isShownInMode(addHidden, 'add')).toBe(false);
    expect(isShownInMode(addHidden, 'edit')).toBe(true);
    expect(isShownInMode(editHidden, 'edit')).toBe(false);
    expect(isShownInMode(editHidden, undefined)).toBe(true);
  });
});
