import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAs, withDb } from '../support/fixtures.ts';
import { button, dialog, toast } from '../support/forms.ts';
import { IPHONE, phoneLogin } from '../support/phone.ts';

/*
 * Issue 38's Done-when "a tenant administrator publishes a notice to one department": a tenant's
 * 主管理员 writes a 企业公告 for its 安全部 only and publishes it by clicks; a user of 安全部 sees it
 * 未读 in 我的公告 and opens it; a user of the tenant's 财务部 does not get it; the 主管理员 sees
 * `1人，1未读` become `1人，0未读` and the reader under 已读. The writer picks the built-in 背景图片
 * 安全绿, which the reader sees behind the notice on the desktop and on the phone.
 *
 * ARRANGED in SQL (the tenant's own 系统管理 screens are tenant-admin.spec's subject): the tenant,
 * its root, 主管理员 role and 主管理员; two departments with one user each, whose role opens
 * 信息发布 › 我的公告. Every name carries a per-run suffix.
 */
const tag = crypto.randomBytes(3).toString('hex');
const TENANT = `公告租户${tag}`;
const ADMIN = `nt_admin_${tag}`;
const SAFETY = `安全部${tag}`;
const FINANCE = `财务部${tag}`;
const IN_DEPT = `nt_safety_${tag}`;
const OTHER_DEPT = `nt_finance_${tag}`;
const TITLE = `消防演练通知${tag}`;
const shot = (page: Page, n: string) => page.screenshot({ path: `/tmp/n38-notice-tenant-${n}.png`, fullPage: true });

async function arrangeTenant(): Promise<void> {
  await withDb(async (c) => {
    const co = await c.query(`insert into sys_company (company_name, company_code, status, tenant_status, source) values ($1, $2, '1', 1, 'park') returning id`, [TENANT, `E2E-NT-${tag}`]);
    const companyId = co.rows[0].id;
    const newUser = async (username: string, realName: string, userType: number, tenantUserType: number) =>
      (await c.query(
        `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type)
         select $1, password_hash, $2, $3, $4, $5 from sys_user where username = 'admin' returning id`,
        [username, realName, userType, companyId, tenantUserType],
      )).rows[0].id;
    const admin = await newUser(ADMIN, `${TENANT}管理员`, 1, 0);
    const root = (await c.query(`insert into sys_org (org_name, company_id, leader_id) values ($1, $2, $3) returning id`, [TENANT, companyId, admin])).rows[0].id;
    const adminRole = (await c.query(`insert into sys_role (role_name, role_code, company_id) values ('主管理员', 'TENANT_ADMIN', $1) returning id`, [companyId])).rows[0].id;
    await c.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [admin, root]);
    await c.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [admin, adminRole]);

    const reader = (await c.query(`insert into sys_role (role_name, role_code, company_id) values ('公告读者', $1, $2) returning id`, [`NT_READER_${tag}`, companyId])).rows[0].id;
    await c.query(`insert into sys_role_menu (role_id, menu_id) select $1, id from sys_menu where company_id is null and path in ('/notice', '/notice/mine')`, [reader]);
    for (const [dept, username, realName] of [[SAFETY, IN_DEPT, `安全员${tag}`], [FINANCE, OTHER_DEPT, `会计${tag}`]] as const) {
      const org = (await c.query(`insert into sys_org (org_name, company_id, parent_id) values ($1, $2, $3) returning id`, [dept, companyId, root])).rows[0].id;
      const user = await newUser(username, realName, 2, 2);
      await c.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [user, org]);
      await c.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [user, reader]);
    }
  });
}

/** 我的公告 of a user of the tenant, freshly signed in; answers the titles its list was given. */
async function myNotices(page: Page, username: string): Promise<string[]> {
  await loginAs(page, username);
  await expect(page.getByTestId('top-bar')).toBeVisible();
  const listed = page.waitForResponse((r) => r.url().includes('/api/notice/mine'));
  await page.goto(`${BASE}/notice/mine`);
  const reply = (await (await listed).json()) as { datas: Array<{ title: string }> };
  return reply.datas.map((n) => n.title);
}

test('a tenant administrator publishes a 企业公告 to one department; only that department gets it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await arrangeTenant();

  // 1. The 主管理员 writes the notice for 安全部 only, by clicks.
  await loginAs(page, ADMIN);
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await page.goto(`${BASE}/notice/enterprise`);
  await button(page, '新增').click();
  const d = dialog(page, '新增公告');
  await expect(d.getByLabel('企业')).toHaveCount(0); // its own tenant: nothing to pick
  await d.getByLabel('公告标题').fill(TITLE);
  await d.getByLabel('接收部门').click();
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: SAFETY }).click();
  await d.locator('.ant-modal-title').click();
  await expect(d.locator('.ant-select-selection-item').filter({ hasText: SAFETY })).toBeVisible();
  await d.getByLabel('公告内容').click();
  await page.keyboard.type('周三下午三点消防演练，安全部全员参加。');
  // 背景图片: the default is chosen; the writer picks the built-in 安全绿.
  const backgrounds = d.getByRole('radiogroup', { name: '背景图片' });
  await expect(backgrounds.getByRole('radio', { name: '默认' })).toHaveAttribute('aria-checked', 'true');
  await backgrounds.getByRole('radio', { name: '安全绿' }).click();
  await expect(backgrounds.getByRole('radio', { name: '安全绿' })).toHaveAttribute('aria-checked', 'true');
  await shot(page, '1-editor');
  await button(d, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();

  const row = page.locator('.ant-table-row').filter({ hasText: TITLE });
  await row.getByText('发布').click();
  await button(dialog(page, '发布公告'), '发布').click();
  await expect(toast(page, '发布成功')).toBeVisible();
  await expect(row.getByText('已发布')).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText('1人，1未读')).toBeVisible();
  await shot(page, '2-published');

  // 2. The user of 安全部 sees it unread and opens it.
  const safety = await browser.newPage();
  expect(await myNotices(safety, IN_DEPT)).toContain(TITLE);
  const item = safety.locator('.ant-list-item').filter({ hasText: TITLE });
  await expect(item.getByText('未读')).toBeVisible();
  await shot(safety, '3-unread');
  await item.click();
  const r = dialog(safety, TITLE);
  await expect(r.getByText('周三下午三点消防演练，安全部全员参加。')).toBeVisible();
  // Shown behind the notice, and the image is really there.
  const backdrop = r.getByTestId('notice-backdrop');
  await expect(backdrop).toHaveCSS('background-image', /notice-bg\/safety\.svg/);
  expect((await safety.request.get(`${BASE}/notice-bg/safety.svg`)).headers()['content-type']).toContain('image/svg+xml');
  await shot(safety, '4-reader');
  await r.getByRole('button', { name: '关闭' }).click();
  await expect(item.getByText('已读')).toBeVisible();
  await safety.close();

  // The same notice on the phone shows the same background behind it.
  const phone = await browser.newContext({ ...IPHONE, locale: 'zh-CN' });
  const m = await phone.newPage();
  await phoneLogin(m, IN_DEPT);
  await m.getByTestId('counter-notice').tap();
  await m.getByTestId('notices').locator('.adm-list-item').filter({ hasText: TITLE }).tap();
  await expect(m.getByText('周三下午三点消防演练，安全部全员参加。')).toBeVisible();
  await expect(m.getByTestId('notice-backdrop')).toHaveCSS('background-image', /notice-bg\/safety\.svg/);
  await m.screenshot({ path: '/tmp/n38-notice-tenant-4b-mobile.png' });
  await phone.close();

  // 3. The user of 财务部 of the same tenant does not get it.
  const finance = await browser.newPage();
  // Platform notices other specs publish meanwhile may reach it: only this title is asserted.
  expect(await myNotices(finance, OTHER_DEPT)).not.toContain(TITLE);
  await expect(finance.getByText('我的公告').first()).toBeVisible();
  await expect(finance.getByText(TITLE)).toHaveCount(0);
  await shot(finance, '5-other-department');
  await finance.close();

  // 4. The read count moved; the reader is under 已读.
  await page.reload();
  await expect(row.getByText('1人，0未读')).toBeVisible();
  await row.getByText('1人，0未读').click();
  const s = dialog(page, `阅读情况：${TITLE}`);
  await s.getByRole('tab', { name: '已读' }).click();
  await expect(s.locator('.ant-table-row').filter({ hasText: `安全员${tag}` })).toContainText(SAFETY);
  await shot(page, '6-read-stats');
});
