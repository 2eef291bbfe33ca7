import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BOOK_TEXT } from '@park/core';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { button } from '../support/forms.ts';
import { IPHONE, phoneLogin } from '../support/phone.ts';

/*
 * 通讯录 (issue 38): the park finds a tenant's people and departments through the menus; a tenant's
 * user finds its colleagues on the phone, calls one by a tel: link, and never finds another
 * tenant's people. Everything is made here with names unique per run.
 */
const tag = crypto.randomBytes(3).toString('hex');
const A = `甲通讯录企业${tag}`;
const B = `乙通讯录企业${tag}`;
const LEAD = `甲主管${tag}`;
const MEMBER = `甲员工${tag}`;
const OTHER = `乙员工${tag}`;
const DEPT = `甲安全部${tag}`;
const MEMBER_LOGIN = `book_m_${tag}`;
const shot = (page: Page, n: string) => page.screenshot({ path: `/tmp/book-${n}.png`, fullPage: true });
const rows = (page: Page) => page.locator('.ant-table-row');

/** 通讯录 on the top bar: on a later row (更多) at this width when other specs' menus are there. */
async function openBook(page: Page, item: string) {
  const group = page.getByTestId('top-bar').getByRole('link', { name: '通讯录' });
  await expect(async () => {
    if (!(await group.isVisible()) || !(await group.hover({ timeout: 1500 }).then(() => true, () => false))) {
      // Each press shows the next row; the menu is usable once its row is in the window.
      await page.getByRole('button', { name: '切换菜单行' }).click();
      await group.hover({ timeout: 1500 });
    }
    await page.getByRole('menuitem', { name: item }).click({ timeout: 1500 });
  }).toPass({ timeout: 20_000 });
}

test.beforeAll(async () => {
  await withDb(async (c) => {
    const tenant = async (name: string) => {
      const co = await c.query(`insert into sys_company (company_name, company_code, status, tenant_status, source) values ($1, $2, '1', 1, 'park') returning id`, [name, `E2E-BOOK-${crypto.randomBytes(3).toString('hex')}`]);
      const root = await c.query(`insert into sys_org (org_name, company_id) values ($1, $2) returning id`, [name, co.rows[0].id]);
      return { id: co.rows[0].id as string, root: root.rows[0].id as string };
    };
    const user = async (login: string, realName: string, companyId: string, orgId: string | null, phone: string | null, job: string | null) => {
      const u = await c.query(
        `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type, phone, job_title)
         select $1, password_hash, $2, 2, $3, 2, $4, $5 from sys_user where username = 'admin' returning id`,
        [login, realName, companyId, phone, job],
      );
      const id = u.rows[0].id as string;
      await c.query(`insert into sys_user_role (user_id, role_id) select $1, id from sys_role where role_code = 'company_user' and company_id is null`, [id]);
      if (orgId) await c.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [id, orgId]);
      return id;
    };
    const a = await tenant(A);
    const b = await tenant(B);
    const dept = (await c.query(`insert into sys_org (org_name, company_id, parent_id) values ($1, $2, $3) returning id`, [DEPT, a.id, a.root])).rows[0].id as string;
    const lead = await user(`book_l_${tag}`, LEAD, a.id, dept, '13912345678', '安全主管');
    await c.query(`update sys_org set leader_id = $1 where id = $2`, [lead, dept]);
    await user(MEMBER_LOGIN, MEMBER, a.id, dept, null, null);
    await user(`book_o_${tag}`, OTHER, b.id, b.root, '13987654321', null);
  });
});

test('the park reads a tenant\'s people and departments from the 通讯录 menus', async ({ page }) => {
  await loginAsAdmin(page);
  await openBook(page, '内部联系人');
  await expect(page).toHaveURL(`${BASE}/book/inside`);
  await page.getByLabel('企业名称').fill(A);
  await button(page, '查询').click();
  const lead = rows(page).filter({ hasText: LEAD });
  await expect(lead).toContainText(DEPT);
  await expect(lead).toContainText('13912345678');
  await expect(lead).toContainText('安全主管');
  await expect(lead).toContainText('企业用户');
  await expect(rows(page).filter({ hasText: MEMBER })).toBeVisible();
  await expect(rows(page).filter({ hasText: OTHER })).toHaveCount(0);
  await page.getByLabel('姓名').fill(MEMBER);
  await button(page, '查询').click();
  await expect(rows(page)).toHaveCount(1);
  await shot(page, '1-contacts');

  await openBook(page, '部门');
  await expect(page).toHaveURL(`${BASE}/book/department`);
  await page.getByLabel('部门名称').fill(DEPT);
  await button(page, '查询').click();
  const dept = rows(page).filter({ hasText: DEPT });
  await expect(dept).toHaveCount(1);
  await expect(dept.locator('td').nth(0)).toHaveText(A);
  await expect(dept.locator('td').nth(2)).toHaveText(A);
  await expect(dept.locator('td').nth(3)).toHaveText(LEAD);
  await shot(page, '2-departments');

  await openBook(page, '外部联系人');
  await expect(page.getByText(BOOK_TEXT.outsideEmpty)).toBeVisible();
  await shot(page, '3-outside');
});


test.describe('手机端', () => {
  test.use(IPHONE);
  test('a tenant\'s user finds a colleague by name and may call; another tenant\'s people are not found', async ({ page }) => {
    await phoneLogin(page, MEMBER_LOGIN);
    await page.goto(`${BASE}/m/me`);
    await page.getByText('通讯录', { exact: true }).tap();
    const book = page.getByTestId('book-page');
    await expect(book).toBeVisible();
    const search = book.getByPlaceholder(BOOK_TEXT.mobileSearch);
    await search.fill(LEAD);
    await search.press('Enter');
    const item = book.locator('.adm-list-item').filter({ hasText: LEAD });
    await expect(item).toContainText(DEPT);
    await expect(item.getByRole('link', { name: `拨打${LEAD} 13912345678` })).toHaveAttribute('href', 'tel:13912345678');
    await shot(page, '4-mobile');
    await search.fill(OTHER);
    await search.press('Enter');
    await expect(book.getByText(BOOK_TEXT.mobileEmpty)).toBeVisible();
    await shot(page, '5-mobile-other-tenant');
  });
});
