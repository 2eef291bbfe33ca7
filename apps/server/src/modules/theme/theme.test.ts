import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_TEXT } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

/* 主题 (issue 40): the catalogue's calls, their shapes and refusals. */

let t: TestApp;
let admin: string;
const META = { colorPrimary: '#d9001b', borderRadius: 10, fontSize: 15, colorBgContainer: '#fff7f7' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

describe('themes', () => {
  it('adds a theme, lists it by type and serves its tokens', async () => {
    const add = await t.call(admin, 'POST', '/api/theme/addTheme', { themeName: '红色表单', type: 0, themeMeta: { ...META, evil: '<script>' } });
    expect(add.json()).toMatchObject({ errCode: 0, errMsg: THEME_TEXT.saved });
    const id = add.json().id;
    const byType = (await t.call(admin, 'GET', '/api/theme/queryThemeByType?pageNum=1&pageSize=10&type=0')).json();
    expect(byType).toMatchObject({ errCode: 0, totalCount: 1, datas: [{ id, themeName: '红色表单', type: 0 }] });
    expect((await t.call(admin, 'GET', '/api/theme/queryThemeByType?pageNum=1&pageSize=10&type=2')).json().totalCount).toBe(0);
    const meta = (await t.call(admin, 'GET', `/api/theme/queryThemeMeta/${id}`)).json();
    expect(JSON.parse(meta.themeMeta)).toEqual(META); // unknown keys dropped
  });

  it('refuses bad input with the dialog messages and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ themeName: ' ', type: 0, themeMeta: META }, THEME_TEXT.nameRequired],
      [{ themeName: '甲', type: 3, themeMeta: META }, THEME_TEXT.typeRequired],
      [{ themeName: '甲', type: 1, themeMeta: { ...META, colorPrimary: 'red' } }, THEME_TEXT.colorInvalid],
      [{ themeName: '甲', type: 1, themeMeta: { ...META, borderRadius: 99 } }, THEME_TEXT.radiusInvalid],
      [{ themeName: '甲', type: 1, themeMeta: { ...META, fontSize: 40 } }, THEME_TEXT.fontSizeInvalid],
      [{ themeName: '红色表单', type: 0, themeMeta: META }, THEME_TEXT.nameTaken],
    ];
    for (const [body, msg] of cases) {
      const res = await t.call(admin, 'POST', '/api/theme/addTheme', body);
      expect(res.json().errMsg).toBe(msg);
    }
    expect((await t.sql.query(`select count(*)::int n from sys_theme`)).rows[0].n).toBe(1);
  });

  it('deletes a theme, and refuses a user without the permission', async () => {
    const id = (await t.call(admin, 'POST', '/api/theme/addTheme', { themeName: '报表蓝', type: 2, themeMeta: META })).json().id;
    await t.sql.query(`insert into sys_user (username, password_hash, real_name) select 'theme_nobody', password_hash, '无权' from sys_user where username = 'admin'`);
    const nobody = await t.login('theme_nobody');
    expect((await t.call(nobody, 'POST', `/api/theme/deleteTheme/${id}`)).statusCode).toBe(403);
    expect((await t.call(nobody, 'POST', '/api/theme/addTheme', { themeName: '无权', type: 0, themeMeta: META })).statusCode).toBe(403);
    expect((await t.call(nobody, 'GET', `/api/theme/queryThemeMeta/${id}`)).json().errCode).toBe(0); // readers draw forms with it
    expect((await t.call(admin, 'POST', `/api/theme/deleteTheme/${id}`)).json()).toMatchObject({ errCode: 0, errMsg: THEME_TEXT.deleted });
    expect((await t.call(admin, 'POST', `/api/theme/deleteTheme/${id}`)).statusCode).toBe(404);
    expect((await t.call(admin, 'GET', `/api/theme/queryThemeMeta/${id}`)).statusCode).toBe(404);
  });
});
