import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { editEntries, entriesOf, exportZip, repack, upload } from './testSupport.ts';

/*
 * A packaged form carries its 表单管理 group by name (ADR 0068): export writes it, the preview shows
 * it, the install finds the group or makes it, and an upgrade leaves a form the administrator has
 * moved to another group where it is. A group name outside 表单管理's own rule is refused whole.
 */

type Json = Record<string, unknown>;
let source: TestApp;
let target: TestApp;
let srcAdmin: string;
let dstAdmin: string;
let pkg: Buffer;

const input = (name: string, model: string): Json => ({ type: 'input', name, key: `input_${model}`, model, options: {}, rules: [] });

async function groupId(t: TestApp, admin: string, groupName: string): Promise<number> {
  const made = (await t.call(admin, 'POST', '/api/form/formgroup/insert', { groupName })).json();
  expect(made).toMatchObject({ errCode: 0 });
  return made.id as number;
}

async function groupedForm(t: TestApp, admin: string, formName: string, group: number | null): Promise<string> {
  const id = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName, formType: '0', groupId: group })).json().formId as number;
  expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId: id, formMeta: { list: [input('名称', 'title')], config: {} } })).json()).toMatchObject({ errCode: 0 });
  return String(id);
}

/** Each form of the application with its group in 表单管理 ('' for 未分组), as the form list shows it. */
async function groupsIn(t: TestApp, admin: string): Promise<Record<string, string>> {
  const rows = (await t.call(admin, 'GET', '/api/form/formconf/query?pageNum=1&pageSize=100')).json().datas as Array<{ formName: string; groupName: string | null }>;
  return Object.fromEntries(rows.filter((r) => r.formName.startsWith('分组测试')).map((r) => [r.formName, r.groupName ?? '']));
}

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  [srcAdmin, dstAdmin] = await Promise.all([source.login(), target.login()]);
  const grouped = await groupId(source, srcAdmin, '分组测试应用');
  const a = await groupedForm(source, srcAdmin, '分组测试车辆', grouped);
  const b = await groupedForm(source, srcAdmin, '分组测试司机', grouped);
  const loose = await groupedForm(source, srcAdmin, '分组测试备注', null);
  pkg = await exportZip(source, srcAdmin, { code: 'grouped', name: '分组测试', version: '1.0.0', description: '测试', formIds: [a, b, loose] });
  // The target already has a group of that name (another application's, or the administrator's): it is found, not made twice.
  await groupId(target, dstAdmin, '分组测试应用');
}, 120_000);
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

describe('form groups in packages', () => {
  it('export writes each form’s group, a form in 未分组 none', () => {
    const forms = [...entriesOf(pkg)].filter(([name]) => name.startsWith('forms/')).map(([, f]) => [f.formName, f.group ?? null]);
    expect(Object.fromEntries(forms)).toEqual({ 分组测试车辆: '分组测试应用', 分组测试司机: '分组测试应用', 分组测试备注: null });
  });

  it('the preview shows the group; the install finds the group of that name, or makes it', async () => {
    const preview = (await upload(target, dstAdmin, 'preview', pkg)).json();
    expect(preview, JSON.stringify(preview)).toMatchObject({ errCode: 0 });
    const forms = (preview.data.parts as Array<{ kind: string; name: string; group?: string }>).filter((p) => p.kind === 'form');
    expect(Object.fromEntries(forms.map((p) => [p.name, p.group ?? null]))).toEqual({ 分组测试车辆: '分组测试应用', 分组测试司机: '分组测试应用', 分组测试备注: null });
    const done = await upload(target, dstAdmin, 'import', pkg);
    expect(done.json(), done.body).toMatchObject({ errCode: 0 });
    expect(await groupsIn(target, dstAdmin)).toEqual({ 分组测试车辆: '分组测试应用', 分组测试司机: '分组测试应用', 分组测试备注: '' });
    expect((await target.sql.query(`select count(*)::int n from form_group where group_name = '分组测试应用'`)).rows[0].n).toBe(1);

    // Into an installation without the group: made there.
    const fresh = await createTestApp();
    try {
      const admin = await fresh.login();
      expect((await upload(fresh, admin, 'import', pkg)).json()).toMatchObject({ errCode: 0 });
      expect(await groupsIn(fresh, admin)).toEqual({ 分组测试车辆: '分组测试应用', 分组测试司机: '分组测试应用', 分组测试备注: '' });
    } finally {
      await fresh.close();
    }
  });

  it('an upgrade keeps a form the administrator moved to another group there; a form in 未分组 joins the package’s group', async () => {
    const mine = await groupId(target, dstAdmin, '我的分组');
    const id = (name: string) => target.sql.query(`select id from form_conf where form_name = $1`, [name]).then((r) => String(r.rows[0].id));
    await target.call(dstAdmin, 'POST', '/api/form/formconf/save', { formId: await id('分组测试车辆'), formName: '分组测试车辆', formType: '0', groupId: mine });
    const v2 = repack(pkg, (files) => {
      const manifest = JSON.parse(files.get('manifest.json')!) as { app: Json };
      manifest.app.version = '1.1.0';
      files.set('manifest.json', JSON.stringify(manifest));
      editEntries('forms/', (f) => {
        f.group = '分组测试应用';
      })(files);
    });
    const done = (await upload(target, dstAdmin, 'import', v2)).json();
    expect(done, JSON.stringify(done)).toMatchObject({ errCode: 0 });
    expect(await groupsIn(target, dstAdmin)).toEqual({ 分组测试车辆: '我的分组', 分组测试司机: '分组测试应用', 分组测试备注: '分组测试应用' });
  });

  it('a group name outside 表单管理’s rule is refused whole, the form named', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await fresh.login();
      for (const bad of ['', ' 前后空格 ', 'x'.repeat(51), 42]) {
        const zip = repack(pkg, editEntries('forms/', (f) => {
          if (f.formName === '分组测试车辆') f.group = bad;
        }));
        const res = await upload(fresh, admin, 'import', zip);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.json().errMsg).toContain('表单「分组测试车辆」的分组名称不合法');
      }
      expect((await fresh.sql.query(`select count(*)::int n from form_group`)).rows[0].n).toBe(0);
      expect((await fresh.sql.query(`select count(*)::int n from app_package`)).rows[0].n).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
