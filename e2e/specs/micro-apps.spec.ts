import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAs, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { button, chooseOption, confirm, dialog, toast } from '../support/forms.ts';
import { png } from '../support/previewFiles.ts';
import { IPHONE, phoneLogin } from '../support/phone.ts';

/*
 * Issue 37 (functions, micro-apps, templates, workbenches): the park's admin adds a function for
 * 危化品车辆入园登记 with an icon, a micro-app with a font icon and a colour holding it, and a template
 * with a workbench layout; a tenant's 主管理员 copies the template into its workbench on the 工作台
 * page, sets 可见范围 to a department and saves; the department's people get the app in myWorkbench.
 * The tenant is arranged in SQL as ADR 0034 has it; names are unique per run.
 */

const tag = crypto.randomBytes(3).toString('hex');
const FN = `车辆登记功能${tag}`;
const APP = `车辆入园应用${tag}`;
const TEMPLATE = `化工模板${tag}`;
const TENANT = `微应用租户${tag}`;
const shot = (page: Page, n: string) => page.screenshot({ path: `/tmp/micro-${n}.png`, fullPage: true });

interface Arranged {
  tenantId: string;
  adminName: string;
  deptUser: string;
}

/** A tenant with its root org, a 安全部 with one person, a 主管理员 holding the 工作台 menu. */
async function arrangeTenant(): Promise<Arranged> {
  return withDb(async (c) => {
    const co = await c.query(`insert into sys_company (company_name, company_code, status, tenant_status, source) values ($1, $2, '1', 1, 'park') returning id`, [TENANT, `E2E-MICRO-${tag}`]);
    const id = co.rows[0].id as string;
    const org = await c.query(`insert into sys_org (org_name, company_id) values ($1, $2) returning id`, [TENANT, id]);
    const dept = await c.query(`insert into sys_org (org_name, parent_id, company_id) values ('安全部', $1, $2) returning id`, [org.rows[0].id, id]);
    const role = await c.query(`insert into sys_role (role_name, role_code, company_id) values ('主管理员', 'TENANT_ADMIN', $1) returning id`, [id]);
    const person = async (username: string, realName: string, orgId: string, type: number) => {
      const u = await c.query(
        `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type)
         select $1, password_hash, $2, $3, $4, $5 from sys_user where username = 'admin' returning id`,
        [username, realName, type === 0 ? 1 : 2, id, type],
      );
      await c.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [u.rows[0].id, orgId]);
      return u.rows[0].id as string;
    };
    const adminId = await person(`micro_adm_${tag}`, `${TENANT}管理员`, org.rows[0].id, 0);
    await person(`micro_dept_${tag}`, `巡检员${tag}`, dept.rows[0].id, 2);
    await c.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [adminId, role.rows[0].id]);
    await c.query(
      `insert into sys_role_menu (role_id, menu_id) select $1, id from sys_menu where company_id is null and path in ('/microApp', '/microApp/workbench') on conflict do nothing`,
      [role.rows[0].id],
    );
    return { tenantId: id, adminName: `micro_adm_${tag}`, deptUser: `micro_dept_${tag}` };
  });
}

test('the park lays out micro-apps and a template; a tenant copies it into its workbench with 可见范围', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const arranged = await arrangeTenant();
  await loginAsAdmin(page);

  // 功能管理: a form function for the demo vehicle form, with an uploaded icon.
  await page.goto(`${BASE}/microApp/function`);
  await expect(page.getByText('功能管理').first()).toBeVisible();
  await button(page, '新增').click();
  let d = dialog(page, '新增功能');
  await d.locator('input[type=file]').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png([30, 120, 220]) });
  await expect(d.getByRole('img', { name: '图标' })).toBeVisible();
  // Saving with no name: the browser says what the server would.
  await button(d, '保存').click();
  await expect(d.getByText('请输入功能名称')).toBeVisible();
  await d.getByLabel('功能名称').fill(FN);
  await d.getByLabel('表单').click();
  // Typed to narrow the list: the installed applications' forms fill the first screen of it.
  await d.getByLabel('表单').fill('危化品车辆入园登记');
  await chooseOption(page, '危化品车辆入园登记');
  await d.getByLabel('标签').fill('车辆');
  await d.getByLabel('标签').press('Enter');
  await shot(page, '1-function-dialog');
  await button(d, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: FN })).toBeVisible();
  await shot(page, '2-functions');

  // 微应用管理: a font icon on the green colour, the function chosen in 选择功能.
  await page.goto(`${BASE}/microApp/app`);
  await button(page, '新增').click();
  d = dialog(page, '新增微应用');
  await button(d, '图标设置').click();
  const icons = dialog(page, '图标设置');
  await icons.getByPlaceholder('输入图标名称搜索').fill('车辆');
  await icons.getByRole('button', { name: '车辆管理' }).first().click();
  await icons.getByRole('button', { name: '颜色 #67C23A' }).click();
  await shot(page, '3-icon-dialog');
  await button(icons, '确定').click();
  await d.getByLabel('应用名称').fill(APP);
  await d.getByLabel('功能介绍').fill('危化品车辆入园登记与审批');
  await d.getByRole('button', { name: '添加功能' }).click();
  const picker = dialog(page, '选择功能');
  await picker.getByPlaceholder('输入功能名称搜索').fill(FN);
  await picker.getByPlaceholder('输入功能名称搜索').press('Enter');
  await picker.locator('.ant-table-row').filter({ hasText: FN }).locator('input[type=checkbox]').check();
  await expect(picker.locator('.ant-tag').filter({ hasText: FN })).toBeVisible();
  await button(picker, '确定').click();
  await expect(d.locator('.micro-fun-item').filter({ hasText: FN })).toBeVisible();
  await shot(page, '4-app-dialog');
  await button(d, '保存').click();
  await expect(toast(page, '添加微应用成功')).toBeVisible();
  const appRow = page.locator('.ant-table-row').filter({ hasText: APP });
  await expect(appRow).toBeVisible();
  await expect(appRow.locator('.micro-app-icon')).toHaveCSS('background-color', 'rgb(103, 194, 58)');

  // 模板管理: a template, then its 工作台分组: 安全管理 › 车辆入园 › the app as a quick app.
  await page.goto(`${BASE}/microApp/template`);
  await button(page, '新增').click();
  d = dialog(page, '新增行业应用模板');
  await d.getByLabel('模板名称').fill(TEMPLATE);
  await d.getByLabel('适用行业').fill('化工');
  await button(d, '保存').click();
  await expect(toast(page, '新增模板成功')).toBeVisible();
  await button(page.locator('.ant-table-row').filter({ hasText: TEMPLATE }), '工作台分组').click();
  const editor = dialog(page, `工作台分组 — ${TEMPLATE}`);
  await expect(toast(page, '工作台未含任何分组,自动添加默认分组')).toBeVisible();
  for (const g of ['安全管理', '健康管理', '环保管理', '其他']) await expect(editor.getByRole('navigation').getByRole('button', { name: g })).toBeVisible();
  await button(editor, '新建分组').click();
  const named = dialog(page, '新建分组');
  await named.getByLabel('分组名称').fill('车辆入园');
  await button(named, '确定').click();
  await editor.getByRole('button', { name: '车辆入园(0)' }).click();
  await button(editor, '添加').click();
  const apps = dialog(page, '新建应用');
  await apps.getByPlaceholder('输入应用名称搜索').fill(APP);
  await apps.getByPlaceholder('输入应用名称搜索').press('Enter');
  await apps.locator('.ant-table-row').filter({ hasText: APP }).locator('input[type=checkbox]').check();
  await button(apps, '确定').click();
  const card = editor.getByTestId(`wb-app-${APP}`);
  await button(card, '添加快捷应用').click();
  await expect(card.getByText('快捷应用', { exact: true })).toBeVisible();
  await shot(page, '5-template-layout');
  await button(editor, '保存').click();
  await expect(toast(page, '修改成功')).toBeVisible();
  await editor.locator('.ant-modal-close').click();

  // The tenant's 主管理员 on its 工作台 page: empty, so the default groups; 复制已有模板; 可见范围 安全部.
  const tenantCtx = await browser.newContext();
  const tp = await tenantCtx.newPage();
  await loginAs(tp, arranged.adminName);
  await expect(tp.getByTestId('top-bar')).toBeVisible();
  await tp.goto(`${BASE}/microApp/workbench`);
  await expect(toast(tp, '工作台未含任何分组,自动添加默认分组')).toBeVisible();
  await button(tp, '复制已有模板').click();
  await tp.getByRole('button', { name: `复制模板${TEMPLATE}` }).click();
  await confirm(tp, '确认是否复制该模板?');
  await tp.getByRole('navigation', { name: '工作台分组' }).getByRole('button', { name: '安全管理' }).click();
  await tp.getByRole('button', { name: '车辆入园(1)' }).click();
  const tcard = tp.getByTestId(`wb-app-${APP}`);
  await expect(tcard.getByText('全部可见！')).toBeVisible();
  await tcard.getByRole('button', { name: `修改${APP}的可见范围` }).click();
  const orgs = dialog(tp, '选择部门与人员');
  await expect(orgs.getByText('组织架构')).toBeVisible();
  await orgs.getByRole('button', { name: `${TENANT}的下级` }).click();
  await orgs.getByRole('checkbox', { name: '安全部' }).check();
  await expect(orgs.getByLabel('已选择').getByText('安全部')).toBeVisible();
  await shot(tp, '6-visibility');
  await button(orgs, '保存').click();
  await expect(tcard.getByText('可见范围：安全部')).toBeVisible();
  await button(tp, '保存').click();
  await expect(toast(tp, '修改成功')).toBeVisible();
  await tp.getByRole('navigation', { name: '工作台分组' }).getByRole('button', { name: '安全管理' }).click();
  await tp.getByRole('button', { name: '车辆入园(1)' }).click();
  await expect(tp.getByTestId(`wb-app-${APP}`).getByText('可见范围：安全部')).toBeVisible();
  await shot(tp, '7-tenant-workbench');
  await tenantCtx.close();

  // The department's person sees the app on the workbench the mobile client reads.
  const userCtx = await browser.newContext();
  const up = await userCtx.newPage();
  await loginAs(up, arranged.deptUser);
  await expect(up.getByTestId('top-bar')).toBeVisible();
  const mine = await up.evaluate(async () => (await fetch('/api/micro/workbench/myWorkbench?client=mobile')).json());
  const names = JSON.stringify(mine.datas);
  expect(names).toContain(APP);
  expect(names).toContain(FN);
  await userCtx.close();

  // …and on a phone (IPHONE-sized, touch, isMobile): the app's tile on /m/ opens the form's list.
  const phoneCtx = await browser.newContext({ ...IPHONE, locale: 'zh-CN' });
  const pp = await phoneCtx.newPage();
  await phoneLogin(pp, arranged.deptUser);
  // Under its group (安全管理 › 车辆入园); the template also made it a 快捷应用, drawn above.
  await expect(pp.getByRole('region', { name: '快捷应用' }).getByTestId(`app-${APP}`)).toBeVisible();
  const tile = pp.getByRole('region', { name: '安全管理' }).getByTestId(`app-${APP}`);
  await expect(tile).toBeVisible();
  await shot(pp, '8-phone-workbench');
  await tile.tap();
  await expect(pp).toHaveURL(/\/m\/form\/\d+$/);
  await expect(pp.getByText('危化品车辆入园登记').first()).toBeVisible();
  await shot(pp, '9-phone-form-list');
  await phoneCtx.close();
});
