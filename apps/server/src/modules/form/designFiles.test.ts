import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { designFileIds } from './designFiles.ts';

/* Export templates named by a design are kept by the file collector while the design uses them. */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

async function fileOf(uploader: string): Promise<string> {
  const r = await t.sql.query(
    `insert into sys_file (file_key, original_name, suffix, size, mime, sha256, uploader_id)
     select 'k-' || md5(random()::text), '模板.xlsx', 'xlsx', 10, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'x', id
     from sys_user where username = $1 returning id`,
    [uploader],
  );
  return String(r.rows[0].id);
}

const refsOf = async (formId: number) =>
  (await t.sql.query(`select file_id::text as id from sys_file_ref where form_id = $1 and sub_key = '__design' order by 1`, [formId])).rows.map(
    (r: { id: string }) => r.id,
  );

const metaWith = (fileId: string | null) => ({
  list: [{ type: 'input', name: '名称', key: 'k1', model: 'name', options: {} }],
  config: {},
  sensorSettings: {
    reportSettings: { exportSettings: { startRow: 2, exportModelInfo: fileId ? { fileId, originalfile: '模板.xlsx' } : undefined } },
  },
});

describe('design files', () => {
  it('finds templates in sensorSettings and in sensorSettingsV2 table widgets', () => {
    expect(
      designFileIds({
        list: [],
        config: {},
        sensorSettings: { reportSettings: { exportSettings: { exportModelInfo: { fileId: '5' } } } },
        sensorSettingsV2: { widgets: [{ type: 'tabPageWidget', tabs: [{ tabContent: { widgets: [{ data: { reportSettings: { exportSettings: { exportModelInfo: { fileId: 9 } } } } }] } }] }] },
      }),
    ).toEqual(['5', '9']);
    expect(designFileIds({ list: [], config: {}, sensorSettings: { exportModelInfo: { fileId: 'x' } } })).toEqual([]);
  });

  it('references the template while the design uses it, for the copy too, and refuses a file the designer may not read', async () => {
    const formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '带模板的表单' })).json().formId;
    const file = await fileOf('admin');
    expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: metaWith(file) })).json().errCode).toBe(0);
    expect(await refsOf(formId)).toEqual([file]);

    const copy = (await t.call(admin, 'POST', '/api/form/formconf/copy', { formId })).json().formId;
    expect(await refsOf(copy)).toEqual([file]);

    // Removed from the design: no longer held by it (the copy still holds it).
    await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: metaWith(null) });
    expect(await refsOf(formId)).toEqual([]);
    expect(await refsOf(copy)).toEqual([file]);

    // Someone else's private upload cannot be pulled in through a design.
    await t.sql.query(`insert into sys_user (username, password_hash, real_name) select 'other', password_hash, '他人' from sys_user where username = 'admin'`);
    const foreign = await fileOf('other');
    const refused = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: metaWith(foreign) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errMsg).toBe(`导出模板文件(${foreign})不存在或无权使用，请重新上传`);
    expect(await refsOf(formId)).toEqual([]);
  });
});
