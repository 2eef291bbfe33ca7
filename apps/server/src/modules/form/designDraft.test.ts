import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const input = (model: string, name: string) => ({ type: 'input', key: `k_${model}`, model, name, options: {} });

describe('the designer draft (issue 26)', () => {
  it('autosaves, offers back, is removed by 发布 and by 放弃草稿', async () => {
    const formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '设备巡检记录' })).json().formId;
    const url = `/api/form/design/${formId}/draft`;
    expect((await t.call(admin, 'GET', url)).json()).toEqual({ errCode: 0, draft: null });

    // Unfinished work is kept although it would not pass 发布 (a control without a name).
    const unfinished = { list: [input('device', '设备名称'), { type: 'input', key: 'k_x', model: 'x', options: {} }], config: {} };
    expect((await t.call(admin, 'POST', url, { formMeta: unfinished })).json()).toEqual({ errCode: 0 });
    const later = { list: [input('device', '设备名称'), input('place', '巡检位置')], config: {} };
    expect((await t.call(admin, 'POST', url, { formMeta: later })).json()).toEqual({ errCode: 0 });
    const offered = (await t.call(admin, 'GET', url)).json();
    expect(offered.draft.formMeta).toEqual(later);
    expect(offered.draft.baseVersion).toBe(0);
    expect(Date.parse(offered.draft.updateTime)).toBeGreaterThan(Date.now() - 60_000);
    const rows = await t.sql.query('select count(*)::int as n from form_design_draft where form_id = $1', [formId]);
    expect(rows.rows[0].n).toBe(1);

    // 发布 takes the draft's place.
    expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: later })).json().errCode).toBe(0);
    expect((await t.call(admin, 'GET', url)).json().draft).toBeNull();

    // A later draft starts from the published version, and 放弃草稿 drops it.
    await t.call(admin, 'POST', url, { formMeta: unfinished });
    expect((await t.call(admin, 'GET', url)).json().draft.baseVersion).toBe(1);
    expect((await t.call(admin, 'POST', `${url}/discard`, {})).json()).toEqual({ errCode: 0 });
    expect((await t.call(admin, 'GET', url)).json().draft).toBeNull();
  });

  it('refuses what is not a design, an unknown form and a caller without login', async () => {
    const formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '草稿校验' })).json().formId;
    const bad = await t.call(admin, 'POST', `/api/form/design/${formId}/draft`, { formMeta: { config: {} } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errMsg: '表单设计格式不正确' });
    const unknown = await t.call(admin, 'POST', '/api/form/design/999999/draft', { formMeta: { list: [], config: {} } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errMsg: '表单不存在' });
    expect((await t.call('', 'GET', `/api/form/design/${formId}/draft`)).statusCode).toBe(401);
  });
});
