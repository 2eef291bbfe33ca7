import { describe, expect, it } from 'vitest';
import type { FormControl, FormMeta } from '../form/types.ts';
import { readListSettings } from '../listPage/sensorSettingsV2.ts';
import { JUMP_API_EMPTY, JUMP_URL_EMPTY, JUMP_URL_UNSAFE } from '../listPage/jump.ts';
import {
  checkSensorSettings,
  defaultResultColumns,
  listColumnChoices,
  mappingFromText,
  mappingToText,
  matchTypesFor,
  moveItem,
  normalizeJumpInfo,
  normalizeSensorSettings,
  standardButtons,
} from './index.ts';

const c = (type: string, model: string, name: string, options: Record<string, unknown> = {}): FormControl => ({ type, key: `k_${model}`, model, name, options });

const meta: FormMeta = {
  list: [
    c('input', 'plate', '车牌号'),
    c('number', 'weight', '载重'),
    c('date', 'day', '入园日期'),
    c('select', 'kind', '类别', { options: [{ value: '1', label: '甲类' }, { value: '2', label: '乙类' }] }),
    c('checkbox', 'tags', '标签', { options: [{ value: 'a', label: 'A' }] }),
    c('switch', 'ok', '合格'),
    c('user_select', 'driver', '司机'),
    { type: 'grid', key: 'g', options: {}, columns: [{ span: 12, list: [c('textarea', 'memo', '备注')] }] },
    { type: 'table', key: 't', model: 'items', name: '明细', options: {}, tableColumns: [c('input', 'item', '物品')] },
  ],
  config: {},
};

describe('column choices and match types', () => {
  it('offers the main table value controls (grids opened, sub-tables left out) and the system columns', () => {
    const keys = listColumnChoices(meta).map((x) => x.key);
    expect(keys).toEqual(['plate', 'weight', 'day', 'kind', 'tags', 'ok', 'driver', 'memo', 'id', 'create_time', 'update_time']);
    expect(listColumnChoices(meta).find((x) => x.key === 'memo')!.label).toBe('备注');
  });

  it('gives each column the match types the list page understands, the natural one first', () => {
    const of = (key: string) => matchTypesFor(listColumnChoices(meta).find((x) => x.key === key)!);
    expect(of('plate')).toEqual(['$like', '$eq']);
    expect(of('weight')).toEqual(['$eq', '$in']);
    expect(of('day')).toEqual(['$in', '$eq']);
    expect(of('kind')).toEqual(['$eq', '$all']);
    expect(of('tags')).toEqual(['$all', '$eq']);
    expect(of('ok')).toEqual(['$eq']);
    expect(of('create_time')).toEqual(['$in', '$eq']);
    expect(of('id')).toEqual(['$eq', '$in']);
  });
});

describe('normalizeSensorSettings', () => {
  it('gives empty settings their defaults, leaving buttons and columns unconfigured (all shown)', () => {
    const s = normalizeSensorSettings(undefined, meta);
    expect(s).toEqual({
      queryConditions: [],
      queryLayout: { columnCount: 3 },
      addShowType: 'dialog',
      reportSettings: {
        importSettings: { list: [], startRow: 2, startColumn: 1 },
        exportSettings: { list: [], startRow: 2, startColumn: 1, exportRules: [] },
      },
    });
    expect(checkSensorSettings(s, meta)).toEqual([]);
  });

  it('canonicalises conditions: key from model, a match type the column allows, the label from the control', () => {
    const s = normalizeSensorSettings(
      {
        queryConditions: [{ model: 'plate' }, { key: 'day', opt: '$like' }, { key: 'tags', opt: '$all', label: '按标签' }, 'weight', { label: '无键' }],
      },
      meta,
    );
    expect(s.queryConditions).toEqual([
      { key: 'plate', opt: '$like', label: '车牌号' },
      { key: 'day', opt: '$in', label: '入园日期' },
      { key: 'tags', opt: '$all', label: '按标签' },
      { key: 'weight', opt: '$eq', label: '载重' },
    ]);
  });

  it('clamps the layout, reads addShowType, keeps unknown keys', () => {
    const s = normalizeSensorSettings({ queryLayout: { columnCount: '9', gap: 8 }, addShowType: 'FULL', theirs: { x: 1 } }, meta);
    expect(s.queryLayout).toEqual({ columnCount: 6, gap: 8 });
    expect(s.addShowType).toBe('full');
    expect(s.theirs).toEqual({ x: 1 });
    expect(normalizeSensorSettings({ queryLayout: { columnCount: 0 } }, meta).queryLayout.columnCount).toBe(1);
  });

  it('canonicalises buttons: codes and names, one of each standard, custom ones with a jump', () => {
    const s = normalizeSensorSettings(
      {
        functionButtons: [{ type: 'insert' }, 'add', { key: 'export', name: '导出Excel' }, { name: '同步', jumpInfo: { urlType: '2', url: '/x' } }],
        optButtons: [{ key: 'detail' }, { key: 'update' }, { key: 'custom', name: '打印', jumpInfo: { urlType: 0, url: '/print', dialogFullscreen: '1', dialogWidth: 80 } }],
      },
      meta,
    );
    expect(s.functionButtons).toEqual([
      { key: 'add', name: '新增' },
      { key: 'export', name: '导出Excel' },
      { key: 'custom', name: '同步', jumpInfo: { type: 0, urlType: 2, url: '/x', params: [] } },
    ]);
    expect(s.optButtons).toEqual([
      { key: 'view', name: '详情' },
      { key: 'edit', name: '编辑' },
      { key: 'custom', name: '打印', jumpInfo: { type: 0, urlType: 0, url: '/print', params: [], dialogTitle: '', dialogWidth: '80', dialogFullscreen: true } },
    ]);
  });

  it('canonicalises jumps per urlType: API calls get a method and response fields, form targets a formId', () => {
    expect(normalizeJumpInfo({ urlType: '3', url: '/api/x', requestMethod: 'post', respParamSet: { errCode: 'code' }, dialogTitle: 'gone' })).toEqual({
      type: 0,
      urlType: 3,
      url: '/api/x',
      params: [],
      requestMethod: 'POST',
      respParamSet: { errCode: 'code', errMsg: 'errMsg' },
    });
    expect(normalizeJumpInfo({ type: '1', formId: 12, urlType: 1, params: [{ model: 'plate', paramName: 'p' }, { type: 1, paramName: 'src', value: 'list' }] })).toEqual({
      type: 1,
      urlType: 1,
      url: '',
      formId: '12',
      params: [
        { model: 'plate', paramName: 'p', type: 0 },
        { model: '', paramName: 'src', type: 1, value: 'list' },
      ],
    });
    expect(normalizeJumpInfo('nonsense').urlType).toBe(0);
  });

  it('canonicalises result columns: one per key, the control name with an alias, jump columns', () => {
    const s = normalizeSensorSettings({ queryResults: [{ key: 'plate', name: '车牌' }, 'plate', { key: 'day', isJump: 'true', jumpInfo: { url: '/d' } }, { model: 'create_time' }] }, meta);
    expect(s.queryResults).toEqual([
      { key: 'plate', name: '车牌号', alias: '车牌' },
      { key: 'day', name: '入园日期', isJump: true, jumpInfo: { type: 0, urlType: 0, url: '/d', params: [], dialogTitle: '', dialogFullscreen: false } },
      { key: 'create_time', name: '创建时间' },
    ]);
  });

  it('moves older import/export settings under reportSettings in the shape the server reads', () => {
    const s = normalizeSensorSettings(
      {
        importSettings: { list: ['plate', { model: 'weight', alias: '吨位' }], startRow: '3', startColumn: 0 },
        exportSettings: { columns: [{ key: 'day' }], startRow: 5, exportRules: { day: { dateFormat: 'yyyy年MM月dd日' }, kind: { type: 'value', mapping: { '1': '甲', ' ': 'x' } } }, exportModelInfo: { fileId: 7, originalfile: '模板.xlsx' } },
      },
      meta,
    );
    expect(s.importSettings).toBeUndefined();
    expect(s.reportSettings).toEqual({
      importSettings: { list: [{ key: 'plate', name: '' }, { key: 'weight', name: '吨位' }], startRow: 3, startColumn: 1 },
      exportSettings: {
        list: [{ key: 'day', name: '' }],
        startRow: 5,
        startColumn: 1,
        exportRules: [{ key: 'day', dateFormat: 'yyyy年MM月dd日' }, { key: 'kind', type: 'value', mapping: { '1': '甲' } }],
        exportModelInfo: { fileId: '7', originalfile: '模板.xlsx' },
      },
    });
  });

  it('is stable: normalising twice changes nothing', () => {
    const once = normalizeSensorSettings(
      {
        queryConditions: [{ key: 'day' }],
        functionButtons: ['add', { name: 'x', jumpInfo: { urlType: 3 } }],
        queryResults: [{ key: 'plate', alias: 'P', isJump: 1 }],
        exportSettings: { exportRules: [{ key: 'kind', type: 'value' }] },
      },
      meta,
    );
    expect(normalizeSensorSettings(once, meta)).toEqual(once);
  });

  it('is what the list page reads', () => {
    const s = normalizeSensorSettings(
      {
        queryConditions: [{ key: 'plate' }, { key: 'day' }],
        queryResults: [{ key: 'weight', alias: '吨' }, { key: 'plate' }],
        functionButtons: [{ key: 'add' }, { key: 'custom', name: '同步', jumpInfo: { urlType: 2, url: '/sync' } }],
        optButtons: [{ key: 'detail' }],
        queryLayout: { columnCount: 2 },
        addShowType: 'full',
      },
      meta,
    );
    const read = readListSettings({ ...meta, sensorSettings: s });
    expect(read.fields.map((f) => [f.key, f.op, f.input])).toEqual([
      ['plate', '$like', 'text'],
      ['day', '$in', 'dateRange'],
    ]);
    expect(read.columns.map((x) => [x.key, x.title])).toEqual([
      ['weight', '吨'],
      ['plate', '车牌号'],
    ]);
    expect(read.functionButtons.map((b) => [b.action, b.name])).toEqual([
      ['add', '新增'],
      ['custom', '同步'],
    ]);
    expect(read.rowButtons.map((b) => b.action)).toEqual(['view']);
    expect(read.columnCount).toBe(2);
    expect(read.addFull).toBe(true);
  });
});

describe('checkSensorSettings', () => {
  it('names unknown fields, duplicates and match types a column cannot take', () => {
    const s = normalizeSensorSettings({ queryConditions: [{ key: 'gone', label: '旧字段' }, { key: 'plate' }, { key: 'plate' }] }, meta);
    s.queryConditions.push({ key: 'ok', opt: '$like', label: '合格' });
    expect(checkSensorSettings(s, meta).map((p) => p.message)).toEqual([
      '查询条件「旧字段」：字段「gone」不存在',
      '查询条件「车牌号」重复',
      '查询条件「合格」不能使用匹配方式「模糊匹配」',
    ]);
  });

  it('checks custom jumps with the list page own messages, and their parameters', () => {
    const s = normalizeSensorSettings(
      {
        functionButtons: [{ key: 'custom', name: '外链', jumpInfo: { urlType: 1 } }],
        optButtons: [
          { key: 'custom', name: '接口', jumpInfo: { urlType: 3 } },
          { key: 'custom', name: '脚本', jumpInfo: { urlType: 2, url: 'javascript:alert(1)' } },
          { key: 'custom', name: '带参', jumpInfo: { urlType: 2, url: '/x', params: [{ model: 'nope', paramName: 'a' }, { model: 'plate', paramName: 'a' }, { type: 0 }] } },
        ],
        queryResults: [{ key: 'plate', isJump: true }],
      },
      meta,
    );
    s.functionButtons!.push({ key: 'add', name: ' ' });
    expect(checkSensorSettings(s, meta).map((p) => p.message)).toEqual([
      `结果列「车牌号」的跳转：${JUMP_URL_EMPTY}`,
      `功能按钮「外链」：${JUMP_URL_EMPTY}`,
      '功能按钮第2项缺少按钮名称',
      `行按钮「接口」：${JUMP_API_EMPTY}`,
      `行按钮「脚本」：${JUMP_URL_UNSAFE}`,
      '行按钮「带参」：参数「a」取值的字段「nope」不存在',
      '行按钮「带参」：第3个参数缺少参数名',
      '行按钮「带参」：参数「a」重复',
    ]);
  });

  it('checks Excel positions, columns and export rules', () => {
    const s = normalizeSensorSettings(
      {
        reportSettings: {
          importSettings: { list: [{ key: 'plate' }, { key: 'items' }] },
          exportSettings: { list: [{ key: '' }], exportRules: [{ key: 'day', dateFormat: 'YYYY-mm-DD' }, { key: 'zzz', type: 'value' }] },
        },
      },
      meta,
    );
    s.reportSettings.importSettings.startRow = 0;
    expect(checkSensorSettings(s, meta).map((p) => p.message)).toEqual([
      '导入起始行须为 1 到 1000 的整数',
      '导入第2列：字段「items」不存在',
      '导出第1列未选择字段',
      '导出规则「day」的日期格式「YYYY-mm-DD」无法识别，请使用 yyyy MM dd HH mm ss',
      '导出规则第2条：字段「zzz」不存在',
    ]);
  });
});

describe('editing helpers', () => {
  it('moves entries and starts lists from the defaults', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
    expect(standardButtons('function').map((b) => b.name)).toEqual(['新增', '删除', '导入', '导出']);
    expect(standardButtons('row').map((b) => b.key)).toEqual(['edit', 'delete', 'view']);
    expect(mappingFromText('0=正常\n 1 = 异常 \nbad\n=x\n2=')).toEqual({ '0': '正常', '1': '异常', '2': '' });
    expect(mappingFromText('')).toBeUndefined();
    expect(mappingToText({ '0': '正常', '1': '异常' })).toBe('0=正常\n1=异常');
    expect(defaultResultColumns(meta).map((x) => x.key)).toEqual(['plate', 'weight', 'day', 'kind', 'tags', 'ok', 'driver', 'memo']);
  });
});
