import { describe, expect, it } from 'vitest';
import { CONTROL_TYPES } from '../form/registry.ts';
import { type FormMeta } from '../form/types.ts';
import { validateFormMeta } from '../form/designValidation.ts';
import { BAD_JSON, designProblems, emptyDesign, exportDesign, importDesign } from './check.ts';
import { canRedo, canUndo, recordStep, redo, startHistory, undo } from './history.ts';
import {
  addFromPalette,
  canDrop,
  clockIds,
  cloneControl,
  copyControl,
  counterIds,
  moveControl,
  newControl,
  removeControl,
  updateControl,
} from './ops.ts';
import { CONTROL_TEMPLATES, PALETTE_GROUPS } from './templates.ts';
import { findControl, ROOT, type Slot } from './tree.ts';

const at = (slot: Slot, index = 99) => ({ slot, index });
const names = (meta: FormMeta) => meta.list.map((c) => c.name);

/** A design built the way an administrator builds one, with deterministic keys. */
function built() {
  const ids = counterIds();
  let meta = emptyDesign();
  const add = (type: Parameters<typeof addFromPalette>[1], slot: Slot = ROOT) => {
    const r = addFromPalette(meta, type, at(slot), ids);
    meta = r.meta;
    return r.key;
  };
  const grid = add('grid');
  const input = add('input', { kind: 'grid', gridKey: grid, column: 0 });
  const select = add('select', { kind: 'grid', gridKey: grid, column: 1 });
  const table = add('table');
  add('input', { kind: 'table', tableKey: table });
  add('number', { kind: 'table', tableKey: table });
  add('date', { kind: 'table', tableKey: table });
  return { meta, ids, grid, input, select, table };
}

describe('the palette', () => {
  it('offers every control type once, in the reference groups', () => {
    const offered = PALETTE_GROUPS.flatMap((g) => g.types);
    expect(new Set(offered).size).toBe(offered.length);
    expect([...offered].sort()).toEqual([...CONTROL_TYPES].sort());
    expect(PALETTE_GROUPS.map((g) => g.key)).toEqual(['basic', 'advance', 'layout']);
    expect(CONTROL_TEMPLATES.image_upload.options).toMatchObject({ length: 3, maxFileSize: 5 });
  });

  it('gives every new control a valid design', () => {
    const ids = counterIds();
    let meta = emptyDesign();
    for (const type of CONTROL_TYPES) meta = addFromPalette(meta, type, at(ROOT), ids).meta;
    expect(validateFormMeta(meta).errors).toEqual([]);
  });
});

describe('new controls', () => {
  it('get unique keys, readable models and counted display names', () => {
    const ids = counterIds(100);
    let meta = emptyDesign();
    for (let i = 0; i < 3; i++) meta = addFromPalette(meta, 'input', at(ROOT), ids).meta;
    expect(meta.list.map((c) => c.key)).toEqual(['input_100', 'input_101', 'input_102']);
    expect(meta.list.map((c) => c.model)).toEqual(['input_1', 'input_2', 'input_3']);
    expect(names(meta)).toEqual(['单行文本1', '单行文本2', '单行文本3']);
    // A removed name is reused by the next control, as a person counting would.
    meta = removeControl(meta, 'input_101');
    meta = addFromPalette(meta, 'input', at(ROOT), ids).meta;
    expect(names(meta)).toEqual(['单行文本1', '单行文本3', '单行文本2']);
  });

  it('keeps clock keys unique within one millisecond', () => {
    const ids = clockIds(() => 1_700_000_000_000);
    const meta = emptyDesign();
    expect(newControl(meta, 'input', ids).key).toBe('input_1700000000000');
    expect(newControl(meta, 'input', ids).key).toBe('input_1700000000001');
  });

  it('derive picker label columns and region columns from the model', () => {
    const ids = counterIds();
    let meta = addFromPalette(emptyDesign(), 'user_select', at(ROOT), ids).meta;
    meta = addFromPalette(meta, 'region_select', at(ROOT), ids).meta;
    meta = addFromPalette(meta, 'region_select', at(ROOT), ids).meta;
    expect(meta.list[0]).toMatchObject({ model: 'user_select_1', label_model: 'user_select_1_label', name: '用户1' });
    expect(meta.list[2]!.modelExt).toMatchObject({ province: 'region_select_2_province', areaCode: 'region_select_2_area_code' });
    expect(validateFormMeta(meta).ok).toBe(true);
  });

  it('gives layout controls no model', () => {
    const meta = addFromPalette(emptyDesign(), 'grid', at(ROOT), counterIds()).meta;
    expect(meta.list[0]).not.toHaveProperty('model');
    expect(meta.list[0]!.columns).toHaveLength(2);
  });
});

describe('placing controls', () => {
  it('drops into grid columns and sub-tables and finds them by key', () => {
    const { meta, grid, select, table } = built();
    expect(meta.list.map((c) => c.type)).toEqual(['grid', 'table']);
    expect(meta.list[0]!.columns![1]!.list!.map((c) => c.key)).toEqual([select]);
    expect(meta.list[1]!.tableColumns!.map((c) => c.type)).toEqual(['input', 'number', 'date']);
    expect(findControl(meta, select)).toMatchObject({ place: { slot: { kind: 'grid', gridKey: grid, column: 1 }, index: 0 } });
    const column = findControl(meta, meta.list[1]!.tableColumns![2]!.key!);
    expect(column?.parentTable?.key).toBe(table);
    expect(validateFormMeta(meta).errors).toEqual([]);
  });

  it('refuses layout controls and sub-tables inside a sub-table, and a grid inside itself', () => {
    const { meta, grid, table } = built();
    const ids = counterIds(500);
    const tableSlot: Slot = { kind: 'table', tableKey: table };
    expect(canDrop(meta, newControl(meta, 'grid', ids), tableSlot)).toBe(false);
    expect(canDrop(meta, newControl(meta, 'table', ids), tableSlot)).toBe(false);
    expect(canDrop(meta, newControl(meta, 'input', ids), tableSlot)).toBe(true);
    expect(moveControl(meta, grid, at({ kind: 'grid', gridKey: grid, column: 0 }))).toBe(meta);
    expect(addFromPalette(meta, 'text', at(tableSlot), ids)).toEqual({ meta, key: '' });
  });

  it('reorders, and moves between containers', () => {
    const { meta, grid, input, select, table } = built();
    const reordered = moveControl(meta, table, at(ROOT, 0));
    expect(reordered.list.map((c) => c.key)).toEqual([table, grid]);
    const moved = moveControl(meta, input, at({ kind: 'grid', gridKey: grid, column: 1 }, 1));
    expect(moved.list[0]!.columns!.map((c) => c.list!.map((x) => x.key))).toEqual([[], [select, input]]);
    const out = moveControl(moved, input, at(ROOT, 1));
    expect(out.list.map((c) => c.key)).toEqual([grid, input, table]);
  });

  it('copies with new keys, models and names, after the original', () => {
    const { meta, ids, grid, table } = built();
    const copy = copyControl(meta, grid, ids)!;
    const [, second] = copy.meta.list;
    expect(second!.key).toBe(copy.key);
    expect(second!.key).not.toBe(grid);
    expect(second!.name).toBe('栅格布局2');
    const inner = second!.columns!.flatMap((c) => c.list!);
    expect(inner.map((c) => [c.model, c.name])).toEqual([
      ['input_3', '单行文本3'],
      ['select_2', '下拉选择框2'],
    ]);
    const tableCopy = copyControl(copy.meta, table, ids)!;
    const copied = findControl(tableCopy.meta, tableCopy.key)!.control;
    expect(copied.model).toBe('table_2');
    expect(validateFormMeta(tableCopy.meta).errors).toEqual([]);
  });

  it('keeps the names and models of a control from another form where this form does not use them', () => {
    const { meta, ids, table } = built();
    const original = findControl(meta, table)!.control;
    const into = cloneControl(emptyDesign(), original, ids, true);
    expect([into.name, into.model]).toEqual([original.name, original.model]);
    expect(into.tableColumns!.map((c) => c.model)).toEqual(original.tableColumns!.map((c) => c.model));
    expect(into.key).not.toBe(original.key);
    // Where they are taken, they count up as a copy's do.
    const again = cloneControl(meta, original, ids, true);
    expect(again.model).toBe('table_2');
  });

  it('lets derived column names follow a renamed model, unless they were named otherwise', () => {
    const ids = counterIds();
    let meta = addFromPalette(emptyDesign(), 'user_select', at(ROOT), ids).meta;
    meta = addFromPalette(meta, 'region_select', at(ROOT), ids).meta;
    const [user, region] = meta.list;
    meta = updateControl(meta, user!.key!, { ...user!, model: 'guardian' });
    meta = updateControl(meta, region!.key!, { ...region!, model: 'place', modelExt: { ...region!.modelExt, city: 'town' } });
    expect(meta.list[0]).toMatchObject({ model: 'guardian', label_model: 'guardian_label' });
    expect(meta.list[1]!.modelExt).toMatchObject({ province: 'place_province', city: 'town', areaCode: 'place_area_code', provinceName: '省份' });
    const named = updateControl(meta, user!.key!, { ...meta.list[0]!, label_model: 'guardian_name' });
    expect(updateControl(named, user!.key!, { ...named.list[0]!, model: 'keeper' }).list[0]!.label_model).toBe('guardian_name');
    // Retyped through an empty field.
    let retyped = updateControl(meta, user!.key!, { ...meta.list[0]!, model: '' });
    retyped = updateControl(retyped, user!.key!, { ...retyped.list[0]!, model: 'k' });
    expect(retyped.list[0]).toMatchObject({ model: 'k', label_model: 'k_label' });
  });

  it('drops a deleted control from the options that showed it', () => {
    const { meta, select, input } = built();
    const control = findControl(meta, select)!.control;
    const related = updateControl(meta, select, {
      ...control,
      options: { ...control.options, options: [{ value: 'a', relatedList: [input, 'other'] }, { value: 'b' }] },
    });
    const gone = removeControl(related, input);
    expect(findControl(gone, select)!.control.options.options).toEqual([{ value: 'a', relatedList: ['other'] }, { value: 'b' }]);
  });

  it('updates and deletes wherever the control sits', () => {
    const { meta, input, table } = built();
    const found = findControl(meta, input)!.control;
    const renamed = updateControl(meta, input, { ...found, name: '企业名称', key: 'ignored' });
    expect(findControl(renamed, input)!.control.name).toBe('企业名称');
    const column = meta.list[1]!.tableColumns![1]!.key!;
    const gone = removeControl(meta, column);
    expect(gone.list[1]!.tableColumns!.map((c) => c.type)).toEqual(['input', 'date']);
    expect(removeControl(meta, table).list).toHaveLength(1);
    // Untouched parts are shared, not copied.
    expect(gone.list[0]).toBe(meta.list[0]);
  });
});

describe('undo and redo', () => {
  it('restore the exact JSON across ten steps', () => {
    const ids = counterIds();
    let history = startHistory(emptyDesign());
    const snapshots = [exportDesign(history.present)];
    const step = (meta: FormMeta) => {
      history = recordStep(history, meta);
      snapshots.push(exportDesign(history.present));
    };
    const add = (type: Parameters<typeof addFromPalette>[1], slot: Slot = ROOT) => {
      const r = addFromPalette(history.present, type, at(slot), ids);
      step(r.meta);
      return r.key;
    };
    const grid = add('grid');
    const input = add('input', { kind: 'grid', gridKey: grid, column: 0 });
    add('select', { kind: 'grid', gridKey: grid, column: 1 });
    const table = add('table');
    add('input', { kind: 'table', tableKey: table });
    step(moveControl(history.present, table, at(ROOT, 0)));
    step(copyControl(history.present, input, ids)!.meta);
    step(updateControl(history.present, input, { ...findControl(history.present, input)!.control, name: '名称' }));
    add('number');
    step(removeControl(history.present, grid));
    expect(snapshots).toHaveLength(11);

    for (let i = 10; i > 0; i--) {
      expect(canUndo(history)).toBe(true);
      history = undo(history);
      expect(exportDesign(history.present)).toBe(snapshots[i - 1]);
    }
    expect(canUndo(history)).toBe(false);
    for (let i = 1; i <= 10; i++) {
      history = redo(history);
      expect(exportDesign(history.present)).toBe(snapshots[i]);
    }
    expect(canRedo(history)).toBe(false);
  });

  it('makes one step of quick edits to the same field, and drops the redo branch on a new edit', () => {
    const ids = counterIds();
    const start = addFromPalette(emptyDesign(), 'input', at(ROOT), ids);
    let history = startHistory(start.meta);
    const rename = (name: string, now: number) => {
      const control = findControl(history.present, start.key)!.control;
      history = recordStep(history, updateControl(history.present, start.key, { ...control, name }), `${start.key}:name`, now);
    };
    rename('名', 1000);
    rename('名称', 1300);
    rename('名称A', 1600);
    expect(history.past).toHaveLength(1);
    rename('名称B', 5000);
    expect(history.past).toHaveLength(2);
    history = undo(history);
    expect(canRedo(history)).toBe(true);
    history = recordStep(history, addFromPalette(history.present, 'date', at(ROOT), ids).meta);
    expect(canRedo(history)).toBe(false);
  });
});

describe('checks and JSON', () => {
  it('names the control in each problem: duplicate model, SQL keyword, system column, missing formula field', () => {
    const { meta, input, select } = built();
    const ids = counterIds(900);
    const inputControl = findControl(meta, input)!.control;
    let bad = updateControl(meta, select, { ...findControl(meta, select)!.control, model: inputControl.model });
    expect(designProblems(bad).byKey.get(select)).toEqual(['控件“下拉选择框1”的字段名 input_1 与控件“单行文本1”重复']);
    bad = updateControl(meta, input, { ...inputControl, model: 'select' });
    expect(designProblems(bad).errors.map((e) => e.message)).toEqual(['控件“单行文本1”的字段名 select 是SQL关键字']);
    bad = updateControl(meta, input, { ...inputControl, model: 'create_by' });
    expect(designProblems(bad).errors.map((e) => e.message)).toEqual(['控件“单行文本1”的字段名 create_by 是系统保留字段']);
    const formula = addFromPalette(meta, 'calculate_formula', at(ROOT), ids);
    const control = findControl(formula.meta, formula.key)!.control;
    bad = updateControl(formula.meta, formula.key, {
      ...control,
      options: { ...control.options, formula: { type: 'number', exp: ['${price}', '*', '2'] } },
    });
    expect(designProblems(bad).errors.map((e) => e.message)).toEqual(['控件“计算公式1”的计算公式引用的字段 price 不存在']);
  });

  it('imports exported JSON as the identical design, and refuses bad JSON', () => {
    const { meta } = built();
    const text = exportDesign(meta);
    const imported = importDesign(text);
    expect(imported.ok && exportDesign(imported.meta)).toBe(text);
    expect(importDesign('{"list": [')).toEqual({ ok: false, message: BAD_JSON, errors: [] });
    expect(importDesign('{"foo": 1}')).toMatchObject({ ok: false, message: '表单设计格式不正确' });
    const dup = JSON.parse(text) as FormMeta;
    dup.list[0]!.columns![1]!.list![0]!.model = 'input_1';
    expect(importDesign(JSON.stringify(dup))).toMatchObject({ ok: false, message: '控件“下拉选择框1”的字段名 input_1 与控件“单行文本1”重复' });
  });
});
