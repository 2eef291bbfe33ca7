import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strToU8, strFromU8, unzipSync, zipSync } from 'fflate';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { createForm } from '../support/forms.ts';

/*
 * 应用管理 (issue 41): 新建应用 exports a form as a package, 导入 previews 新建 and installs it,
 * 升级 previews the field a newer version adds and upgrades, and a tampered package is refused
 * with its reason, 卸载 refused while data exists and done once it is gone — all by clicks on the shared server, with this spec's own uniquely named form.
 * The form's 提醒设置 travels as its 表单设置 (ADR 0064): previewed 新建, then 不变 on the upgrade.
 * Its 表单管理 group travels by name (ADR 0068): previewed, and the installed form is in it.
 */
const RUN = Date.now().toString(36).slice(-5);
const FORM = `应用包运单${RUN}`;
const CODE = `e2e_${RUN}`;
const GROUP = `应用包分组${RUN}`;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const parkAdminRoleId = async () => String((await withDb((c) => c.query<{ id: string }>(`select id from sys_role where role_code = 'park_admin' and company_id is null`))).rows[0]!.id);
const sha = (t: string) => crypto.createHash('sha256').update(t, 'utf8').digest('hex');

/** The package with `edit` applied to its entries and checksums made right again (unless `tamper`). */
function rewrite(zip: Buffer, edit: (files: Map<string, string>) => void, tamper = false): Buffer {
  const files = new Map(Object.entries(unzipSync(zip)).map(([k, v]) => [k, strFromU8(v)]));
  edit(files);
  if (!tamper) {
    const m = JSON.parse(files.get('manifest.json')!);
    m.entries = [...files.keys()].filter((k) => k !== 'manifest.json').map((path) => ({ path, sha256: sha(files.get(path)!) }));
    m.sha256 = sha([...m.entries].sort((a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1)).map((e: { path: string; sha256: string }) => `${e.path} ${e.sha256}\n`).join(''));
    files.set('manifest.json', JSON.stringify(m));
  }
  return Buffer.from(zipSync(Object.fromEntries([...files].map(([k, v]) => [k, strToU8(v)]))));
}

test('应用管理：新建应用导出，导入预览后安装，升级显示新增字段并保留数据，篡改的应用包被拒绝', async ({ page }) => {
  await loginAsAdmin(page);
  const sourceId = await createForm(page.request, FORM, {
    list: [
      { type: 'input', name: '运单号', key: 'input_bill', model: 'billNo', options: {}, rules: [] },
      { type: 'number', name: '数量', key: 'number_amount', model: 'amount', options: {}, rules: [] },
    ],
    config: {},
  });
  // In a group of 表单管理 (a group the package names, found again by name where it installs).
  const groupId = (await (await page.request.post('/api/form/formgroup/insert', { data: { groupName: GROUP }, headers: XHR })).json()).id as number;
  expect((await (await page.request.post('/api/form/formconf/save', { data: { formId: sourceId, formName: FORM, formType: '0', groupId }, headers: XHR })).json()).errCode).toBe(0);
  // The form's approval flow (the park administrators' role approves) travels with it.
  const modelId = (await (await page.request.get(`/api/flow/flowconf/createmodel?formId=${sourceId}&formName=x`, { headers: XHR })).json()).modelId as number;
  const tree = { nodeId: 's', nodeName: '发起人', type: 0, childNode: { nodeId: 'a', nodeName: `园区审批${RUN}`, type: 1, approveType: 0, approveItems: [], recipient: { type: 0, role: [{ roleId: await parkAdminRoleId(), roleName: '园区管理员' }], person: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] }, childNode: null } };
  expect((await (await page.request.post('/api/flow/flowconf/save', { data: { modelId, nodeConfig: tree }, headers: XHR })).json()).errCode).toBe(0);
  expect((await (await page.request.get(`/api/flow/deployprocessdef?modelId=${modelId}`, { headers: XHR })).json()).errCode).toBe(0);
  // Its 提醒设置: a 数据提醒 to the same role, with a person as 默认接收人 (not packaged, said in the preview).
  const adminId = String((await withDb((c) => c.query<{ id: string }>(`select id from sys_user where username = 'admin'`))).rows[0]!.id);
  const remind = { recipient: { type: 0, role: [{ roleId: await parkAdminRoleId(), roleName: '园区管理员' }] }, defaultRecipient: [{ id: adminId, name: '管理员' }], remind: { remindWay: ['1'], condType: '1', condRelative: 'and', title: `运单提醒${RUN}`, content: '${billNo}', cond: [{ key: 'amount', condType: '0', conds: [{ matchType: '$gt', value: '100' }] }] } };
  expect((await (await page.request.post('/api/form/saveFormRemindSet', { data: { id: null, formId: sourceId, formSet: { formRemind: [], condRemind: [remind] } }, headers: XHR })).json()).errCode).toBe(0);
  await page.goto(`${BASE}/system/appManagement`);
  await expect(page.locator('.list-page .ant-card-head-title')).toHaveText('应用管理');

  // 新建应用 → 导出: one zip file.
  await page.getByRole('button', { name: '新建应用' }).click();
  const create = page.getByRole('dialog', { name: '新建应用' });
  await create.getByLabel('应用名称').fill(`测试应用${RUN}`);
  await create.getByLabel('应用编码').fill(CODE);
  await create.getByLabel('表单').click();
  await page.locator('.ant-select-dropdown:visible').getByText(FORM, { exact: true }).click();
  await create.getByLabel('描述').click(); // closes the dropdown
  await page.screenshot({ path: '/tmp/s41-app-new.png' });
  const [download] = await Promise.all([page.waitForEvent('download'), create.getByRole('button', { name: '导出' }).click()]);
  expect(download.suggestedFilename()).toBe(`${CODE}-1.0.0.zip`);
  const v1Path = `/tmp/s41-${CODE}-1.0.0.zip`;
  await download.saveAs(v1Path);
  const v1 = await fs.readFile(v1Path);

  // The form the package came from is renamed, so the package installs as a new application here.
  await withDb((c) => c.query(`update form_conf set form_name = $1 where form_name = $2`, [`${FORM}源`, FORM]));

  // 导入: the preview says 新建 before anything is written; 确认导入 installs.
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const imp = page.getByRole('dialog', { name: '导入应用' });
  await imp.locator('input[type=file]').setInputFiles(v1Path);
  await expect(imp.locator('tr').filter({ hasText: FORM }).first()).toContainText('新建');
  await expect(imp.locator('tr').filter({ hasText: FORM }).first()).toContainText(GROUP);
  const flowRow = imp.locator('tr').filter({ hasText: `${FORM}（审批流程）` });
  await expect(flowRow).toContainText('审批流程');
  await expect(flowRow).toContainText('新建');
  const setsRow = imp.locator('tr').filter({ hasText: `${FORM}（表单设置）` });
  await expect(setsRow).toContainText('表单设置');
  await expect(setsRow).toContainText('新建');
  await expect(imp).toContainText('数据提醒第 1 条的默认接收人（管理员）不随应用包导出');
  await page.screenshot({ path: '/tmp/s41-app-import-preview.png' });
  await imp.getByRole('button', { name: '确认导入' }).click();
  await expect(page.getByText('导入成功')).toBeVisible();
  // The 数据提醒 landed on the installed form, the role on this installation's id.
  const sets = await withDb((c) => c.query(`select s.form_set from form_remind_set s join form_conf f on f.id = s.form_id where f.form_name = $1`, [FORM]));
  expect(sets.rows[0]?.form_set.condRemind[0].remind.title).toBe(`运单提醒${RUN}`);
  const row = page.locator('.list-page tr').filter({ hasText: CODE });
  await expect(row).toContainText('1.0.0');
  await expect(row).toContainText('园区');
  const installed = await withDb((c) => c.query<{ id: string }>(`select id from form_conf where form_name = $1`, [FORM]));
  const formId = installed.rows[0]!.id;
  // The installed form has its flow deployed, the role mapped to this installation's id.
  const flows = await withDb((c) => c.query(`select d.node_config from flow_definition d join flow_model m on m.definition_id = d.id where m.form_id = $1`, [formId]));
  expect(JSON.stringify(flows.rows[0]?.node_config)).toContain(`园区审批${RUN}`);
  await withDb((c) => c.query(`insert into form_${formId} ("billNo", amount) values ('YD-E2E', 5)`));

  // 表单管理: the installed form is in the package's group, not in 未分组.
  await page.goto(`${BASE}/system/form`);
  await page.getByRole('button', { name: GROUP, exact: true }).click();
  await expect(page.locator('.list-page .ant-card-head-title')).toHaveText(`表单管理 · ${GROUP}`);
  await expect(page.locator('.list-page tr').filter({ has: page.getByText(FORM, { exact: true }) })).toHaveCount(1);
  await page.screenshot({ path: '/tmp/s41-app-form-group.png' });
  await page.getByRole('button', { name: '未分组', exact: true }).click();
  await expect(page.locator('.list-page .ant-card-head-title')).toHaveText('表单管理 · 未分组');
  await expect(page.locator('.list-page tr').filter({ hasText: FORM })).toHaveCount(0);
  await page.goto(`${BASE}/system/appManagement`);

  // 升级 with 1.1.0, which adds 起运地: previewed as 更新 with the field, upgraded, the row kept.
  const v2 = rewrite(v1, (files) => {
    for (const [name, text] of files) {
      if (name.startsWith('forms/')) {
        const f = JSON.parse(text);
        f.meta.list.push({ type: 'input', name: '起运地', key: 'input_origin', model: 'origin', options: {}, rules: [] });
        files.set(name, JSON.stringify(f));
      }
    }
    const m = JSON.parse(files.get('manifest.json')!);
    m.app.version = '1.1.0';
    files.set('manifest.json', JSON.stringify(m));
  });
  const v2Path = `/tmp/s41-${CODE}-1.1.0.zip`;
  await fs.writeFile(v2Path, v2);
  await row.getByRole('button', { name: '升级' }).click();
  const up = page.getByRole('dialog', { name: `升级「测试应用${RUN}」` });
  await up.locator('input[type=file]').setInputFiles(v2Path);
  await expect(up.getByText('将从 1.0.0 升级到 1.1.0，已有数据保留')).toBeVisible();
  await expect(up.locator('tr').filter({ hasText: FORM }).first()).toContainText('更新');
  await expect(up.locator('tr').filter({ hasText: FORM }).first()).toContainText('新增：起运地');
  await expect(up.locator('tr').filter({ hasText: `${FORM}（审批流程）` })).toContainText('不变');
  await expect(up.locator('tr').filter({ hasText: `${FORM}（表单设置）` })).toContainText('不变');
  await page.screenshot({ path: '/tmp/s41-app-upgrade-preview.png' });
  await up.getByRole('button', { name: '确认升级' }).click();
  await expect(page.getByText('已升级到 1.1.0')).toBeVisible();
  await expect(row).toContainText('1.1.0');
  const kept = await withDb((c) => c.query(`select "billNo", origin from form_${formId}`));
  expect(kept.rows).toEqual([{ billNo: 'YD-E2E', origin: null }]);

  // A package changed after export: refused with the reason, the confirm button stays disabled.
  const tampered = rewrite(v2, (files) => {
    for (const [name, text] of files) if (name.startsWith('forms/')) files.set(name, text.replace('起运地', '目的地'));
  }, true);
  const badPath = `/tmp/s41-${CODE}-tampered.zip`;
  await fs.writeFile(badPath, tampered);
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const bad = page.getByRole('dialog', { name: '导入应用' });
  await bad.locator('input[type=file]').setInputFiles(badPath);
  await expect(bad.getByText('应用包不能导入')).toBeVisible();
  await expect(bad).toContainText('校验值不符');
  await expect(bad.getByRole('button', { name: '确认导入' })).toBeDisabled();
  await page.screenshot({ path: '/tmp/s41-app-refused.png' });
  await bad.getByRole('button', { name: '关闭' }).click();

  // 卸载: refused while the form holds the row, named; allowed once it is empty.
  await row.getByRole('button', { name: '卸载' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '卸载' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText(`表单「${FORM}」已有数据，不能卸载应用`);
  await page.screenshot({ path: '/tmp/s41-app-uninstall-refused.png' });
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|知道了|OK/ }).click();
  await withDb((c) => c.query(`delete from form_${formId}`));
  await row.getByRole('button', { name: '卸载' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '卸载' }).click();
  await expect(page.getByText(`已卸载「测试应用${RUN}」`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
