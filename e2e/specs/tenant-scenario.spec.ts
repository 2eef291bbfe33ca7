import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE, loginAs, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { E2E_ADMIN_PASSWORD } from '../support/server.ts';
import { button, confirm, dialog, field, fillDemoVehicle, formIdByName } from '../support/forms.ts';
import { paletteItem, name } from '../support/designer.ts';
import { HAZMAT_VEHICLE_FORM_NAME } from '../../packages/core/src/form/demoForms.ts';

/*
 * Issue 36's Done-when scenario on the demo form itself: the park hands 危化品车辆入园登记 down with
 * its dependencies to two tenants; a user of tenant 甲 — in an organisation of 甲, holding a role of
 * 甲 that grants the form — adds a record, which the park sees and tenant 乙 does not; the park adds
 * a field and syncs; the user sees the new field.
 *
 * The park adds 甲 through 租户信息 新增 (t1's screen) and its 主管理员 logs in with the phone and the
 * password shown once, then adds an organisation, a role granting the form and a user in its own
 * 系统管理 by clicks. Arranged in SQL (marked ARRANGED): 乙, only the other tenant, and the leader of
 * 甲's root that the demo approval's supervisor step reads.
 *
 * The demo form is shared with later specs: its design is put back and the tenants' copies removed
 * at the end, so it is open to every company again.
 */

const VEHICLE = HAZMAT_VEHICLE_FORM_NAME;
const shot = (page: Page, n: string) => page.screenshot({ path: `/tmp/t4-tenant-scenario-${n}.png`, fullPage: true });

/** ARRANGED (乙, the other tenant): a tenant with its root organisation, 主管理员 role and 主管理员. */
async function tenant(tenantName: string, username: string): Promise<{ id: string; orgId: string }> {
  return withDb(async (c) => {
    const co = await c.query(`insert into sys_company (company_name, company_code, status, tenant_status, source) values ($1, $2, '1', 1, 'park') returning id`, [tenantName, `E2E-${username}`]);
    const id = String(co.rows[0].id);
    const user = await c.query(
      `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type)
       select $1, password_hash, $2, 1, $3, 0 from sys_user where username = 'admin' returning id`,
      [username, `${tenantName}管理员`, id],
    );
    const org = await c.query(`insert into sys_org (org_name, company_id, leader_id) values ($1, $2, $3) returning id`, [tenantName, id, user.rows[0].id]);
    const role = await c.query(`insert into sys_role (role_name, role_code, company_id) values ('主管理员', 'TENANT_ADMIN', $1) returning id`, [id]);
    await c.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [user.rows[0].id, org.rows[0].id]);
    await c.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [user.rows[0].id, role.rows[0].id]);
    return { id, orgId: String(org.rows[0].id) };
  });
}

/** Picks an option of an antd select inside a dialog by typing part of its text. */
async function pickOption(page: Page, d: Locator, input: Locator, text: string) {
  await input.click();
  await input.fill(text);
  await page.locator('.ant-select-dropdown:visible').getByText(text, { exact: true }).first().click();
  await d.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/**
 * 甲's 主管理员 runs its own 系统管理 (ADR 0042) by clicks: 组织机构 › 新增下级 安全部 under the
 * tenant's root, 角色管理 › a role 车辆登记员 granting the tenant's menu of the form (its buttons come
 * with it), 用户管理 › a 普通用户 in 安全部 holding that role. Answers the user's one-time password.
 */
async function tenantStaffByClicks(adm: Page, tenantName: string, username: string): Promise<string> {
  await adm.goto(`${BASE}/system/org`);
  const tree = adm.getByTestId('org-tree');
  await tree.getByText(tenantName, { exact: true }).click();
  await adm.getByRole('button', { name: '新增下级' }).click();
  const orgDialog = adm.getByRole('dialog', { name: /新增下级组织/ });
  await orgDialog.getByLabel('组织名称').fill('安全部');
  await orgDialog.getByRole('button', { name: '保存' }).click();
  await expect(tree.getByText('安全部', { exact: true })).toBeVisible();
  await shot(adm, 'tenant-org');

  const roleName = `车辆登记员${username.slice(-6)}`;
  await adm.goto(`${BASE}/system/role`);
  await adm.getByRole('button', { name: '新增角色' }).click();
  const roleDialog = adm.getByRole('dialog', { name: '新增角色' });
  await roleDialog.getByLabel('角色名称').fill(roleName);
  await roleDialog.getByRole('button', { name: '保存' }).click();
  await expect(roleDialog).toBeHidden();
  await adm.getByPlaceholder('角色名称').fill(roleName);
  await adm.getByPlaceholder('角色名称').press('Enter');
  await adm.getByRole('row', { name: new RegExp(roleName) }).getByRole('button', { name: '菜单权限' }).click();
  const drawer = adm.getByRole('dialog', { name: `菜单权限：${roleName}` });
  // The form's node (its title also shows its permission code); its buttons are checked with it.
  await drawer.locator('.ant-tree-treenode').filter({ hasText: VEHICLE }).first().locator('.ant-tree-checkbox').click();
  await shot(adm, 'tenant-role');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(adm.getByText('保存成功').first()).toBeVisible();

  await adm.goto(`${BASE}/system/user`);
  await adm.getByRole('button', { name: '新增用户' }).click();
  const userDialog = adm.getByRole('dialog', { name: '新增用户' });
  await userDialog.getByLabel('用户名').fill(username);
  await userDialog.getByLabel('姓名').fill('安全部填报员');
  await pickOption(adm, userDialog, userDialog.getByLabel('所属组织'), '安全部');
  await pickOption(adm, userDialog, userDialog.getByLabel('角色'), roleName);
  await userDialog.getByRole('button', { name: '保存' }).click();
  const once = adm.getByTestId('one-time-password');
  await expect(once).toBeVisible();
  const password = (await once.textContent())!.trim();
  await adm.getByRole('button', { name: '我已记下' }).click();
  await expect(adm.getByRole('row', { name: new RegExp(username) })).toContainText('安全部');
  await shot(adm, 'tenant-user');
  return password;
}

/**
 * ARRANGED: the demo approval's 科室主管审批 asks for 发起人's supervisor; the 主管理员 leads 甲's
 * root, as a tenant would set with 组织机构 › 编辑 › 主管 (not what this scenario is about).
 */
async function rootLeadBy主管理员(tenantName: string): Promise<void> {
  await withDb((c) =>
    c.query(
      `update sys_org o set leader_id = (select u.id from sys_user u where u.company_id = o.company_id and u.tenant_user_type = 0 order by u.id limit 1)
        where o.parent_id is null and o.company_id = (select id from sys_company where company_name = $1)`,
      [tenantName],
    ),
  );
}

/** 租户信息 新增 (t1): answers the 主管理员's initial password, shown once. */
async function addTenant(page: Page, tenantName: string, phone: string): Promise<string> {
  await page.goto(`${BASE}/tenant/manage`);
  await button(page, '新增').click();
  const add = dialog(page, '新增租户');
  await page.locator('#tenant_tenantName').fill(tenantName);
  await page.locator('#tenant_industry').fill('危险化学品运输');
  await page.locator('#tenant_region').click();
  for (const [i, region] of ['安徽省', '马鞍山市', '和县'].entries()) {
    await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(i).locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${region}$`) }).click();
  }
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
  await page.locator('#tenant_address').fill('化工园区经二路6号');
  await page.locator('#tenant_contact').fill('钱经理');
  await page.locator('#tenant_phone').fill(phone);
  await page.locator('#tenant_email').fill('qian@example.com');
  await button(add, '保存').click();
  const once = page.locator('.ant-modal-confirm').filter({ hasText: '新增租户成功' });
  await expect(once).toBeVisible();
  const password = (await once.getByTestId('one-time-password').textContent())!.trim();
  await shot(page, 'tenant-added');
  await once.getByRole('button', { name: '我已记下' }).click();
  return password;
}

/** The demo form's row in 表单分配, by its exact name, turning pages until it shows. */
async function formRow(page: Page) {
  const row = page.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: VEHICLE, exact: true }) });
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  while (!(await row.isVisible())) {
    const next = page.locator('.ant-pagination-next');
    expect(await next.getAttribute('aria-disabled'), `${VEHICLE} 不在表单分配列表中`).not.toBe('true');
    await next.click();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  }
  return row;
}

async function handDown(page: Page, kind: '表单分配' | '同步配置', tenants: string[], done: string) {
  await page.goto(`${BASE}/tenant/form`);
  await button(await formRow(page), kind).click();
  const d = dialog(page, kind === '表单分配' ? '表单分配' : '表单配置同步');
  await expect(d.getByText('依赖表单：危化品目录')).toBeVisible();
  await shot(page, `${kind}-1`);
  await button(d, '下一步').click();
  for (const t of tenants) await d.locator('.ant-transfer-section').first().locator('.ant-transfer-list-content-item', { hasText: t }).locator('input[type=checkbox]').check();
  await d.locator('.ant-transfer-actions button').first().click();
  await button(d, kind).click();
  for (const t of tenants) await expect(d.locator('.ant-table-row').filter({ hasText: t }).getByText(done, { exact: true })).toBeVisible({ timeout: 30_000 });
  await shot(page, `${kind}-3`);
  await d.locator('.ant-modal-close').click();
}

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 20_000 });

test('园区新增租户并下发危化品车辆入园登记；租户用户填报，园区可见、其他租户不可见；园区改设计并同步后租户看到新字段', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const run = String(Date.now()).slice(-6);
  const A = `甲化工场景${run}`;
  const B = `乙化工场景${run}`;
  await loginAsAdmin(page);
  const formId = await formIdByName(page.request, VEHICLE);
  const original = await withDb(async (c) => (await c.query(`select form_meta from form_conf where id = $1`, [formId])).rows[0].form_meta as unknown);
  const phone = `136${String(Date.now()).slice(-8)}`;
  await tenant(B, `e2e_sb_${run}`);
  try {
    const password = await addTenant(page, A, phone);
    await handDown(page, '表单分配', [A, B], '分配完成');

    // 甲's 主管理员 logs in with the phone and the password shown once, changes it, and sees the form.
    const adm = await browser.newPage();
    await loginAs(adm, phone, password);
    await expect(adm).toHaveURL(/\/changePassword/);
    await adm.getByLabel('初始密码').fill(password);
    await adm.getByLabel('新密码', { exact: true }).fill('Tenant@2026');
    await adm.getByLabel('确认新密码').fill('Tenant@2026');
    await button(adm, '修改并进入').click();
    await expect(adm.getByTestId('top-bar')).toBeVisible();
    // One 业务表单 on the bar: the tenant's copy of the group (made by 表单分配) and the park's group
    // of the forms open to every company show as one (user/menus.ts oneGroupPerPath).
    await expect(adm.getByRole('link', { name: '业务表单', exact: true })).toHaveCount(1);
    await adm.getByRole('link', { name: '业务表单', exact: true }).hover();
    await expect(adm.getByRole('menuitem', { name: VEHICLE, exact: true })).toBeVisible();
    const userPassword = await tenantStaffByClicks(adm, A, `e2e_su_${run}`);
    await rootLeadBy主管理员(A);

    // 甲's user logs in with the password its 主管理员 was shown, changes it, opens the form from the
    // top bar and adds a record.
    const u = await browser.newPage();
    await loginAs(u, `e2e_su_${run}`, userPassword);
    await expect(u).toHaveURL(/\/changePassword/);
    await u.getByLabel('初始密码').fill(userPassword);
    await u.getByLabel('新密码', { exact: true }).fill('Tenant@2026');
    await u.getByLabel('确认新密码').fill('Tenant@2026');
    await button(u, '修改并进入').click();
    await expect(u.getByTestId('top-bar')).toBeVisible();
    await u.getByRole('link', { name: '业务表单', exact: true }).hover();
    await u.getByRole('menuitem', { name: VEHICLE, exact: true }).click();
    await expect(u).toHaveURL(new RegExp(`/form/list/${formId}$`));
    await button(u, '新增').click();
    await fillDemoVehicle(u, '皖A36901', '13855113579');
    await u.locator('.ant-modal').last().getByRole('button', { name: /保存|提交/ }).first().click();
    await confirm(u, '确认保存吗？');
    const locked = u.locator('.ant-modal').last().getByText('主表数据已保存，请继续填写子表数据');
    if (await locked.isVisible().catch(() => false)) await u.locator('.ant-modal').last().getByRole('button', { name: '关闭', exact: true }).first().click();
    await expect(u.locator('.ant-table-row').filter({ hasText: '皖A36901' })).toBeVisible();
    await shot(u, 'tenant-user-list');

    // 乙's 主管理员 holds the form too, and sees none of 甲's records.
    const b = await browser.newPage();
    await loginAs(b, `e2e_sb_${run}`, E2E_ADMIN_PASSWORD);
    await expect(b.getByTestId('top-bar')).toBeVisible();
    await b.goto(`${BASE}/form/list/${formId}`);
    await expect(button(b, '新增')).toBeVisible();
    await expect(b.getByText('皖A36901')).toHaveCount(0);

    // The park sees 甲's record.
    await page.goto(`${BASE}/form/list/${formId}`);
    await expect(page.locator('.ant-table-row').filter({ hasText: '皖A36901' })).toBeVisible();
    // The demo approval's 科室主管审批 names 发起人's supervisor inside 甲 (ADR 0043): 安全部 has no
    // leader, so it is the leader of 甲's root, its 主管理员 — not the park's 李四.
    const signers = await withDb(async (c) =>
      (await c.query(
        `select u.username from flow_task t join flow_instance i on i.id = t.instance_id join sys_user u on u.id = t.assignee_id
         where i.form_id = $1 and i.business_id = (select id from form_${formId} where plate_no = $2)`,
        [formId, '皖A36901'],
      )).rows.map((r) => r.username as string),
    );
    expect(signers).toEqual([phone]);

    // The park adds 押运证号 in the designer, publishes and syncs 甲.
    await page.goto(`${BASE}/form/design/${formId}`);
    await expect(page.getByTestId('form-designer')).toBeVisible();
    await page.getByTestId('designer-canvas').click({ position: { x: 5, y: 5 } });
    await paletteItem(page, 'input').click();
    await name(page, '押运证号', 'e2e_escort_no');
    await page.getByRole('button', { name: '发布' }).click();
    await dialog(page, '发布表单设计').getByRole('button', { name: '确认发布' }).click();
    const menuDialog = dialog(page, '创建表单菜单');
    if (await menuDialog.isVisible().catch(() => false)) await menuDialog.locator('.ant-modal-close').click();
    await expect(page.getByText('已发布')).toBeVisible();
    await handDown(page, '同步配置', [A], '同步完成');

    await u.reload();
    await button(u, '新增').click();
    await expect(field(u, 'e2e_escort_no')).toBeVisible();
    await shot(u, 'tenant-user-synced');
  } finally {
    await withDb((c) => c.query(`delete from form_tenant where company_id in (select id from sys_company where company_name in ($1, $2))`, [A, B]));
    const restored = await page.request.post('/api/form/saveformdesign', { data: { formId, formMeta: original }, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});
