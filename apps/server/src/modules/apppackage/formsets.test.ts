import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkClock } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { insertTenant } from '../../../test/t3Tenants.ts';
import { addRecord, createForm, vehicleMeta } from '../automation/testSupport.ts';
import { remindTick } from '../remind/index.ts';
import { editEntries, entriesOf, expectRefusedWhole, exportZip, repack, spareInstallation, upload } from './testSupport.ts';

/*
 * ADR 0064: a form's 提醒设置 travels in its application's package as the 表单设置 part. Export →
 * import into a fresh database gives the same reminders on the target's roles and they fire there;
 * an upgrade changes them in place; a hostile entry is refused whole with nothing written; a tenant
 * install serves the tenant's records; 卸载 removes them — on a real PostgreSQL.
 */

type Json = Record<string, unknown>;
let source: TestApp;
let target: TestApp;
let srcAdmin: string;
let dstAdmin: string;
let srcCert: number;
let srcPlain: number;
let pkgV1: Buffer;
/** A third, empty installation for the refusals, 卸载 and the tenant (the target holds the application). */
const spare = spareInstallation();

const TITLE = '${plate_no} 证照将于 ${arrive_date} 到期';
const roleIdOf = async (t: TestApp, code: string) => String((await t.sql.query(`select id from sys_role where role_code = $1 and company_id is null`, [code])).rows[0].id);
const adminIdOf = async (t: TestApp) => String((await t.sql.query(`select id from sys_user where username = 'admin'`)).rows[0].id);
const parkDayFrom = (offset: number) => {
  const d = new Date(`${parkClock(new Date()).day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const nineThirty = () => new Date(`${parkClock(new Date()).day}T09:30:00+08:00`);

/** 数据提醒 30 days before 到达日期, to the park administrators' role and one person (not packaged); a daily 填报提醒 to the role. */
async function reminders(t: TestApp, title: string): Promise<Json> {
  const role = { type: 0, role: [{ roleId: await roleIdOf(t, 'park_admin'), roleName: '园区管理员' }], person: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] };
  const admin = { id: await adminIdOf(t), name: '源库管理员' };
  return {
    formRemind: [{ recipient: role, defaultRecipient: [], remind: { remindType: 'day', remindDay: [], remindTime: '08:00', remindWay: ['1'] } }],
    condRemind: [
      {
        recipient: role,
        defaultRecipient: [admin],
        remind: { remindWay: ['1'], condType: '1', condRelative: 'and', title, content: '请及时办理 ${plate_no} 的换证', cond: [{ key: 'arrive_date', type: 'date', dataType: 'date', condType: '3', conds: [], dateCond: { type: 'dayAfter', count: 30 } }] },
      },
    ],
  };
}

async function saveReminders(t: TestApp, admin: string, formId: number, set: Json): Promise<void> {
  const saved = await t.call(admin, 'POST', '/api/form/saveFormRemindSet', { id: null, formId, formSet: set });
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
}

const exportV = (version: string) => exportZip(source, srcAdmin, { code: 'remindpkg', name: '提醒应用', version, formIds: [srcCert, srcPlain] });
const settingsOf = async (t: TestApp, formName: string) =>
  (await t.sql.query(`select s.id, s.form_set from form_remind_set s join form_conf f on f.id = s.form_id where f.form_name = $1`, [formName])).rows;

/** Every row count an install could touch. */
async function fingerprint(t: TestApp): Promise<string> {
  const r = await t.sql.query(`select (select count(*) from form_conf) forms, (select count(*) from form_remind_set) sets, (select count(*) from app_package) apps, (select count(*) from app_package_part) parts`);
  return JSON.stringify(r.rows[0]);
}

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  [srcAdmin, dstAdmin] = await Promise.all([source.login(), target.login()]);
  srcCert = await createForm(source, srcAdmin, '包提醒证照', vehicleMeta());
  srcPlain = await createForm(source, srcAdmin, '包提醒无设置', vehicleMeta());
  await saveReminders(source, srcAdmin, srcCert, await reminders(source, TITLE));
  // A QR entry of the form: one installation's (its token, its printed paper), so it stays behind.
  await source.sql.query(`insert into form_set (form_id, qr_code_conf) values ($1, $2)`, [srcCert, JSON.stringify({ formId: srcCert, add: [{ name: '门岗登记', tokenId: 'abc' }], query: [], edit: [] })]);
  pkgV1 = await exportV('1.0.0');
}, 120_000);

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

describe('表单设置 in a package', () => {
  it('export writes the reminders with roles by code and no people, notes what stayed behind; a form without settings has none', () => {
    const entries = entriesOf(pkgV1);
    const codes = (entries.get('manifest.json')!.parts as Json).formsets as string[];
    expect(codes).toHaveLength(1);
    const fs = entries.get(`formsets/${codes[0]}.json`)!;
    expect(fs.form).toBe(codes[0]);
    const text = JSON.stringify(fs.formSet);
    expect(text).toContain('"roleId":"@role:park_admin"');
    expect(text).not.toContain('源库管理员');
    expect(((fs.formSet as Json).condRemind as Json[])[0]!.defaultRecipient).toEqual([]);
    expect((fs.notes as string[]).join()).toContain('数据提醒第 1 条的默认接收人（源库管理员）不随应用包导出');
    expect((fs.notes as string[]).join()).toContain('二维码设置（1 个入口）不随应用包导出');
  });

  it('imports into an empty installation on its roles, previewed as 新建 表单设置, and the 数据提醒 delivers a message there', async () => {
    const before = await fingerprint(target);
    const preview = await upload(target, dstAdmin, 'preview', pkgV1);
    expect(preview.json(), preview.body).toMatchObject({ errCode: 0, data: { reasons: [] } });
    expect(preview.json().data.parts.filter((p: Json) => p.kind === 'form_settings')).toEqual([expect.objectContaining({ label: '表单设置', name: '包提醒证照（表单设置）', action: '新建' })]);
    expect(await fingerprint(target)).toBe(before);

    const done = await upload(target, dstAdmin, 'import', pkgV1);
    expect(done.json(), done.body).toMatchObject({ errCode: 0 });
    expect(done.json().data.notes.join()).toContain('的默认接收人为安装应用的管理员');
    const [row] = await settingsOf(target, '包提醒证照');
    const set = row.form_set;
    const adminId = await adminIdOf(target);
    expect(set.condRemind[0].recipient.role).toEqual([{ roleId: await roleIdOf(target, 'park_admin'), roleName: '园区管理员' }]);
    expect(set.condRemind[0].defaultRecipient).toEqual([{ id: adminId, name: expect.any(String) }]);
    expect(set.formRemind[0].remind.remindTime).toBe('08:00');
    expect(await settingsOf(target, '包提醒无设置')).toEqual([]);

    // The reminder fires: a certificate due in 30 days is a message to the administrator.
    const formId = Number((await target.sql.query(`select id from form_conf where form_name = '包提醒证照'`)).rows[0].id);
    await addRecord(target, dstAdmin, formId, { plate_no: '皖A66601', arrive_date: parkDayFrom(30) });
    await addRecord(target, dstAdmin, formId, { plate_no: '皖A66602', arrive_date: parkDayFrom(90) });
    const out = await remindTick({ db: target.booted.ctx.db, smsProvider: 'log' }, nineThirty(), String(formId));
    expect(out.messages).toBeGreaterThanOrEqual(1);
    const sent = await target.sql.query(`select receiver_id::text, content from msg_message where title = $1`, [`皖A66601 证照将于 ${parkDayFrom(30)} 到期`]);
    expect(sent.rows).toContainEqual({ receiver_id: adminId, content: '请及时办理 皖A66601 的换证' });
    expect((await target.sql.query(`select count(*)::int n from msg_message where title like '皖A66602%'`)).rows[0].n).toBe(0);
  });

  it('an upgrade changes the reminders in place, keeping the people chosen here; an unchanged one is 不变', async () => {
    const [before] = await settingsOf(target, '包提醒证照');
    const again = await upload(target, dstAdmin, 'preview', await exportV('1.0.1'));
    expect(again.json().data.parts.find((p: Json) => p.kind === 'form_settings')).toMatchObject({ action: '不变' });

    await saveReminders(source, srcAdmin, srcCert, await reminders(source, '证照到期：${plate_no}'));
    const v2 = await exportV('1.1.0');
    expect((await upload(target, dstAdmin, 'preview', v2)).json().data.parts.find((p: Json) => p.kind === 'form_settings')).toMatchObject({ action: '更新' });
    expect((await upload(target, dstAdmin, 'import', v2)).json()).toMatchObject({ errCode: 0 });
    const after = await settingsOf(target, '包提醒证照');
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(before.id);
    expect(after[0].form_set.condRemind[0].remind.title).toBe('证照到期：${plate_no}');
    expect(after[0].form_set.condRemind[0].defaultRecipient).toEqual(before.form_set.condRemind[0].defaultRecipient);
    await saveReminders(source, srcAdmin, srcCert, await reminders(source, TITLE));
  });
});

describe('hostile 表单设置 are refused whole, nothing written', () => {
  const editSettings = (edit: (set: Json, fs: Json) => void) => editEntries('formsets/', (fs) => edit(fs.formSet as Json, fs));
  const cond = (set: Json) => ((set.condRemind as Json[])[0]!.remind as Json).cond as Json[];
  const recipient = (set: Json) => (set.condRemind as Json[])[0]!.recipient as Json;
  const cases: Array<[string, (set: Json, fs: Json) => void, string]> = [
    ['a condition on a field the form lacks', (set) => (cond(set)[0]!.key = 'nope'), '数据提醒「${plate_no} 证照将于 ${arrive_date} 到期」使用的字段「nope」在表单中不存在'],
    ['a condition field outside the whitelist', (set) => (cond(set)[0]!.key = 'arrive_date; drop table sys_user'), '的字段「arrive_date; drop table sys_user」不合法'],
    ['a condition that does not parse (unknown operator)', (set) => (cond(set)[0] = { key: 'plate_no', condType: '0', conds: [{ matchType: 'eval(', value: '1' }] }), '表单「包提醒证照」的提醒设置：'],
    ['a recipient rule that does not parse', (set) => (recipient(set).type = 42), '表单「包提醒证照」的表单设置：'],
    ['a 表单字段 recipient on a field the form lacks', (set) => Object.assign(recipient(set), { type: 4, model: 'no_such_field' }), '使用的字段「no_such_field」在表单中不存在'],
    ['a role by id, not code', (set) => (recipient(set).role = [{ roleId: '1' }]), '角色须以角色编码引用'],
    ['a role the target lacks', (set) => (recipient(set).role = [{ roleId: '@role:no_such_role' }]), '角色「no_such_role」在本系统中不存在'],
    ['a default recipient by id', (set) => ((set.condRemind as Json[])[0]!.defaultRecipient = [{ id: 1, name: 'admin' }]), '指定了本系统的人员编号（默认接收人）'],
    ['settings of a form outside the package', (_set, fs) => (fs.form = 'fnotinpackage'), '表单设置「'],
    ['an unknown key beside the reminders', (set) => (set.qrCodeConf = { add: [{ name: 'x', anonymous: true }] }), '提醒设置格式不正确'],
  ];
  for (const [what, edit, reason] of cases) {
    it(what, async () => expectRefusedWhole(await spare(), repack(pkgV1, editSettings(edit)), reason, fingerprint), 60_000);
  }
});

describe('卸载 and tenants', () => {
  it('卸载 removes the application\'s form settings with its forms', async () => {
    const other = await spare();
    expect((await upload(other.t, other.admin, 'import', pkgV1)).json()).toMatchObject({ errCode: 0 });
    expect(await settingsOf(other.t, '包提醒证照')).toHaveLength(1);
    const un = await other.t.call(other.admin, 'POST', '/api/apppackage/uninstall', { code: 'remindpkg' });
    expect(un.json(), un.body).toMatchObject({ errCode: 0 });
    expect((await other.t.sql.query(`select count(*)::int n from form_remind_set`)).rows[0].n).toBe(0);
  }, 60_000);

  it('a tenant install: the park form\'s settings serve the tenant\'s copy, its records reminded to the tenant\'s holders of the role code', async () => {
    const other = await spare();
    const tenant = await insertTenant(other.t, '提醒租户甲');
    // The tenant's own role of the same code (recipients resolve inside the tenant by role code, ADR 0043).
    const role = (await other.t.sql.query(`insert into sys_role (role_name, role_code, company_id) values ('租户园区管理员', 'park_admin', $1) returning id`, [tenant.id])).rows[0].id;
    await other.t.sql.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [tenant.adminId, role]);
    const done = await upload(other.t, other.admin, 'import', pkgV1, 'app.zip', [tenant.id]);
    expect(done.json(), done.body).toMatchObject({ errCode: 0 });
    const formId = String((await other.t.sql.query(`select f.id from form_conf f join form_tenant ft on ft.form_id = f.id where f.form_name = '包提醒证照' and ft.company_id = $1`, [tenant.id])).rows[0].id);
    expect(await settingsOf(other.t, '包提醒证照')).toHaveLength(1);
    await other.t.sql.query(`insert into form_${formId} (plate_no, arrive_date, company_id, create_by, update_by) values ('皖T77701', $1, $2, $3, $3)`, [parkDayFrom(30), tenant.id, tenant.adminId]);
    await remindTick({ db: other.t.booted.ctx.db, smsProvider: 'log' }, nineThirty(), formId);
    const sent = await other.t.sql.query(`select receiver_id::text from msg_message where title = $1`, [`皖T77701 证照将于 ${parkDayFrom(30)} 到期`]);
    expect(sent.rows).toEqual([{ receiver_id: tenant.adminId }]);
  }, 60_000);
});
