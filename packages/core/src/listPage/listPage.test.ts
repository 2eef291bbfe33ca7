import { describe, expect, it } from 'vitest';
import { parseConditions, type ConditionField } from '../query/conditions.ts';
import type { FormControl, FormMeta } from '../form/types.ts';
import { buildListConditions } from './queryBar.ts';
import { readListSettings } from './sensorSettingsV2.ts';
import {
  buildJumpUrl,
  JUMP_API_EMPTY,
  JUMP_EMPTY,
  JUMP_RESP_EMPTY,
  JUMP_URL_EMPTY,
  JUMP_URL_UNSAFE,
  planJump,
  readJumpReply,
} from './jump.ts';
import { readJobState } from './importExport.ts';

const c = (type: string, model: string, name: string, options: Record<string, unknown> = {}, extra: Partial<FormControl> = {}): FormControl => ({
  type,
  key: `k_${model}`,
  model,
  name,
  options,
  ...extra,
});

const meta = (sensorSettings?: Record<string, unknown>): FormMeta => ({
  list: [
    {
      type: 'grid',
      key: 'g',
      options: {},
      columns: [
        { span: 12, list: [c('input', 'plate_no', '车牌号码')] },
        { span: 12, list: [c('date', 'entry_date', '入园日期')] },
      ],
    },
    c('multiple_select', 'documents', '随车证件', {
      options: [
        { value: 'a', label: '道路运输证' },
        { value: 'b', label: '驾驶证' },
      ],
    }),
    c('select', 'vehicle_type', '车辆类型', { options: [{ value: '罐式货车', label: '罐式货车' }] }),
    c('input_number', 'rated_load', '核定载重'),
    c('switch', 'loaded', '是否重车', { openMsg: '重车', closeMsg: '空车' }),
    c('org_select', 'accept_org', '受理部门', {}, { label_model: 'accept_org_label' }),
    c('image_upload', 'photos', '车辆照片'),
    { type: 'table', key: 't', model: 'items', options: {}, tableColumns: [c('input', 'goods', '品名')] },
  ],
  config: {},
  ...(sensorSettings ? { sensorSettings } : {}),
});

describe('readListSettings', () => {
  it('with no settings: every button, the form value controls as columns, no query fields', () => {
    const s = readListSettings(meta());
    expect(s.functionButtons.map((b) => b.name)).toEqual(['新增', '删除', '导入', '导出']);
    expect(s.rowButtons.map((b) => b.name)).toEqual(['编辑', '删除', '详情']);
    expect(s.columns.map((col) => col.key)).toEqual([
      'plate_no',
      'entry_date',
      'documents',
      'vehicle_type',
      'rated_load',
      'loaded',
      'accept_org',
      'photos',
    ]);
    expect(s.fields).toEqual([]);
    expect(s.columnCount).toBe(3);
    expect(s.addFull).toBe(false);
  });

  it('reads conditions into query inputs by control type and match type', () => {
    const s = readListSettings(
      meta({
        queryConditions: [
          { key: 'plate_no', opt: '$like', label: '车牌' },
          { key: 'vehicle_type', opt: '$eq' },
          { key: 'entry_date', opt: '$in' },
          { key: 'rated_load', opt: '$in' },
          { key: 'documents', opt: '$all' },
          { key: 'loaded' },
          { key: 'accept_org', opt: '$like' },
          { key: 'create_time', opt: '$in' },
          { key: 'nope' },
        ],
        queryLayout: { columnCount: '4' },
      }),
    );
    expect(s.columnCount).toBe(4);
    expect(s.fields.map((f) => [f.key, f.op, f.input, f.label])).toEqual([
      ['plate_no', '$like', 'text', '车牌'],
      ['vehicle_type', '$eq', 'select', '车辆类型'],
      ['entry_date', '$in', 'dateRange', '入园日期'],
      ['rated_load', '$in', 'numberRange', '核定载重'],
      ['documents', '$all', 'multiSelect', '随车证件'],
      ['loaded', '$eq', 'select', '是否重车'],
      ['accept_org_label', '$like', 'text', '受理部门'],
      ['create_time', '$in', 'dateRange', '创建时间'],
      ['nope', '$like', 'text', 'nope'],
    ]);
    expect(s.fields[4]!.options).toEqual([
      { value: 'a', label: '道路运输证' },
      { value: 'b', label: '驾驶证' },
    ]);
    expect(s.fields[5]!.options).toEqual([
      { value: '0', label: '重车' },
      { value: '1', label: '空车' },
    ]);
  });

  it('shows only configured buttons, custom ones with their jump', () => {
    const s = readListSettings(
      meta({
        functionButtons: [{ key: 'add', name: '登记' }, { key: 'export' }],
        optButtons: [{ key: 'edit' }, { key: 'custom', name: '检查记录', jumpInfo: { urlType: 0, url: '/x' } }, { name: '外链', jumpInfo: {} }],
        addShowType: 'full',
      }),
    );
    expect(s.functionButtons.map((b) => [b.action, b.name])).toEqual([
      ['add', '登记'],
      ['export', '导出'],
    ]);
    expect(s.rowButtons.map((b) => [b.action, b.name, b.id])).toEqual([
      ['edit', '编辑', 'edit'],
      ['custom', '检查记录', 'custom'],
      ['custom', '外链', 'custom-2'],
    ]);
    expect(s.rowButtons[1]!.jump).toEqual({ urlType: 0, url: '/x' });
    expect(s.addFull).toBe(true);
    expect(readListSettings(meta({ functionButtons: [] })).functionButtons).toEqual([]);
  });

  it('reads result columns with titles, jumps and sort keys; unknown keys are dropped', () => {
    const s = readListSettings(
      meta({
        queryResults: [
          { key: 'plate_no', name: '车牌号码', isJump: true, jumpInfo: { url: '/a' } },
          { key: 'accept_org', alias: '部门' },
          'photos',
          { key: 'create_time' },
          { key: 'bogus' },
        ],
      }),
    );
    expect(s.columns.map((col) => [col.key, col.title, col.sortKey, col.jump])).toEqual([
      ['plate_no', '车牌号码', 'plate_no', { info: { url: '/a' } }],
      ['accept_org', '部门', 'accept_org_label', null],
      ['photos', '车辆照片', null, null],
      ['create_time', '创建时间', 'create_time', null],
    ]);
  });
});

describe('buildListConditions', () => {
  const s = readListSettings(
    meta({
      queryConditions: [
        { key: 'plate_no', opt: '$like' },
        { key: 'vehicle_type', opt: '$eq' },
        { key: 'entry_date', opt: '$in' },
        { key: 'documents', opt: '$all' },
      ],
    }),
  );

  it('builds a condition only for non-empty values', () => {
    expect(buildListConditions(s.fields, {})).toEqual([]);
    expect(buildListConditions(s.fields, { plate_no: '  ', vehicle_type: '', entry_date: [null, ''], documents: [] })).toEqual([]);
    expect(
      buildListConditions(s.fields, {
        plate_no: ' 皖A ',
        vehicle_type: '罐式货车',
        entry_date: ['2026-11-01', null],
        documents: ['a', 'b', 'a'],
      }),
    ).toEqual([
      { key: 'plate_no', type: '$like', value: '皖A' },
      { key: 'vehicle_type', type: '$eq', value: '罐式货车' },
      { key: 'entry_date', type: '$in', bvalue: '2026-11-01', evalue: null },
      { key: 'documents', type: '$all', value: ['a', 'b'] },
    ]);
  });

  it('is what the server parses', () => {
    const fields = new Map<string, ConditionField>([
      ['plate_no', { kind: 'string' }],
      ['vehicle_type', { kind: 'string' }],
      ['entry_date', { kind: 'date' }],
      ['documents', { kind: 'string' }],
    ]);
    const wire = buildListConditions(s.fields, {
      plate_no: '皖A',
      entry_date: ['2026-11-01', '2026-11-30'],
      documents: ['a', 'b'],
    });
    expect(parseConditions(JSON.parse(JSON.stringify(wire)), fields)).toEqual({
      kind: 'group',
      relation: 'and',
      children: [
        { kind: 'leaf', key: 'plate_no', fieldKind: 'string', op: '$like', values: ['皖A'] },
        { kind: 'leaf', key: 'entry_date', fieldKind: 'date', op: '$in', values: ['2026-11-01', '2026-11-30'] },
        { kind: 'leaf', key: 'documents', fieldKind: 'string', op: '$all', values: ['a', 'b'] },
      ],
    });
  });
});

describe('planJump', () => {
  const row = { id: 7, plate_no: '皖A12345', accept_org: '2' };

  it('gives the spec messages for empty configurations', () => {
    expect(planJump(undefined, row)).toEqual({ kind: 'error', message: JUMP_EMPTY });
    expect(planJump({}, row)).toEqual({ kind: 'error', message: JUMP_EMPTY });
    expect(planJump({ urlType: 2, url: '' }, row)).toEqual({ kind: 'error', message: JUMP_URL_EMPTY });
    expect(planJump({ urlType: 3, url: ' ' }, row)).toEqual({ kind: 'error', message: JUMP_API_EMPTY });
    expect(planJump({ urlType: 3, url: '/api/x', respParamSet: { errCode: 'code' } }, row)).toEqual({
      kind: 'error',
      message: JUMP_RESP_EMPTY,
    });
  });

  it('opens a dialog with parameters from the row, title, width and fullscreen', () => {
    expect(
      planJump(
        {
          urlType: 0,
          url: '/closed-park-web/form/detail/5/{id}',
          params: [
            { model: 'id', paramName: 'id' },
            { model: 'plate_no', paramName: 'plate' },
            { type: 1, paramName: 'from', value: 'list' },
          ],
          dialogTitle: '车辆详情',
          dialogWidth: 80,
          dialogFullscreen: 'true',
        },
        row,
      ),
    ).toEqual({
      kind: 'dialog',
      url: '/closed-park-web/form/detail/5/7?plate=%E7%9A%96A12345&from=list',
      title: '车辆详情',
      width: '80%',
      fullscreen: true,
    });
  });

  it('opens the same or a new window; a form target goes to its full add page', () => {
    expect(planJump({ urlType: 1, url: 'https://example.com/a?x=1#top', params: [{ model: 'plate_no', paramName: 'p' }] }, row)).toEqual({
      kind: 'self',
      url: 'https://example.com/a?x=1&p=%E7%9A%96A12345#top',
    });
    expect(planJump({ urlType: 2, type: 1, formId: 12 }, row)).toEqual({ kind: 'window', url: '/closed-park-web/full/custom/12' });
  });

  it('refuses javascript: and protocol-relative addresses', () => {
    expect(planJump({ urlType: 2, url: 'javascript:alert(1)' }, row)).toEqual({ kind: 'error', message: JUMP_URL_UNSAFE });
    expect(planJump({ urlType: 0, url: '//evil.example/x' }, row)).toEqual({ kind: 'error', message: JUMP_URL_UNSAFE });
  });

  it('plans an API call and reads its reply through respParamSet', () => {
    const plan = planJump(
      {
        urlType: 3,
        url: '/api/custom/approve',
        requestMethod: 'post',
        params: [{ model: 'id', paramName: 'businessId' }],
        respParamSet: { errCode: 'code', errMsg: 'msg' },
      },
      row,
    );
    expect(plan).toEqual({
      kind: 'api',
      method: 'POST',
      url: '/api/custom/approve',
      params: { businessId: '7' },
      errCodeField: 'code',
      errMsgField: 'msg',
    });
    expect(readJumpReply({ code: 0, msg: '已审核' }, 'code', 'msg')).toEqual({ ok: true, message: '已审核' });
    expect(readJumpReply({ code: 500, msg: '没有权限' }, 'code', 'msg')).toEqual({ ok: false, message: '没有权限' });
    expect(readJumpReply({ data: { status: '1' } }, 'data.status', 'data.text')).toEqual({ ok: false, message: '操作失败' });
  });

  it('builds urls with placeholders and an existing query', () => {
    expect(buildJumpUrl('/a/{x}?', [['x', 'a b'], ['y', '1']])).toBe('/a/a%20b?y=1');
    expect(buildJumpUrl('/a', [])).toBe('/a');
  });
});

describe('readJobState', () => {
  it('reads progress and the three end states; anything else keeps polling', () => {
    expect(readJobState({ state: 'running', total: 50, done: 25 })).toMatchObject({ phase: 'running', percent: 50 });
    expect(readJobState({ state: 'queued' })).toMatchObject({ phase: 'running', percent: 0, total: 0 });
    expect(readJobState({ state: 'part_success', total: 50, done: 50, okRows: 47, badRows: 3 })).toMatchObject({
      phase: 'part_success',
      percent: 100,
      okRows: 47,
      badRows: 3,
    });
    expect(readJobState({ state: 'failed', reason: '超出工作表范围' })).toMatchObject({ phase: 'failed', reason: '超出工作表范围' });
    expect(readJobState(null).phase).toBe('running');
  });
});
