import crypto from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAs, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { button, dialog, toast } from '../support/forms.ts';
import { multipagePdf } from '../support/previewFiles.ts';

/*
 * Issue 38 (ADR 0052): the park uploads a shared file with a new classification and tag and
 * black-lists one tenant; searching by name finds it; a user of another tenant sees it in 我的文件,
 * a user of the black-listed tenant does not. That user opens the file's 预览 (our PDF viewer renders
 * its page) and 下载 (the same bytes, under the file's name). Tenants, users and names are unique per run.
 */
const tag = crypto.randomBytes(3).toString('hex');
const FILE = `园区安全手册${tag}.pdf`;
const PDF = multipagePdf(1);
const CLS = `安全制度${tag}`;
const TAG = `应急${tag}`;
const SEEN = `可见企业${tag}`;
const HIDDEN = `屏蔽企业${tag}`;
const shot = (page: Page, n: string) => page.screenshot({ path: `/tmp/docs-${n}.png`, fullPage: true });

/** A tenant with one ordinary user whose role opens 文档管理 › 我的文件. */
async function tenantUser(company: string, username: string) {
  await withDb(async (c) => {
    const co = await c.query(`insert into sys_company (company_name, company_code, status, tenant_status, source) values ($1, $2, '1', 1, 'park') returning id`, [company, `E2E-DOC-${username}`]);
    const role = await c.query(`insert into sys_role (role_name, role_code, company_id) values ('文件用户', $1, $2) returning id`, [`DOC_${username}`, co.rows[0].id]);
    const user = await c.query(
      `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type) select $1, password_hash, $2, 2, $3, 2 from sys_user where username = 'admin' returning id`,
      [username, `${company}员工`, co.rows[0].id],
    );
    await c.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [user.rows[0].id, role.rows[0].id]);
    await c.query(`insert into sys_role_menu (role_id, menu_id) select $1, id from sys_menu where company_id is null and path in ('/doc', '/doc/mine')`, [role.rows[0].id]);
  });
}

test('the park shares a file with a classification and tag, black-lists a tenant, and only the others see it', async ({ page, browser }) => {
  await tenantUser(SEEN, `doc_seen_${tag}`);
  await tenantUser(HIDDEN, `doc_hidden_${tag}`);

  await loginAsAdmin(page);
  await page.goto(`${BASE}/doc/share`);
  await button(page, '新增').click();
  const d = dialog(page, /^新增$/);
  await button(d, '保存').click();
  await expect(d.getByText('分类不能为空')).toBeVisible();
  await expect(d.getByText('上传共享文件不能为空')).toBeVisible();
  // 标签 before 分类: the original's warning.
  await d.getByPlaceholder('选择标签').click();
  await expect(toast(page, '请先选择分类')).toBeVisible();

  await d.getByPlaceholder('选择文件分类').click();
  const cp = dialog(page, '选择文件分类');
  await button(cp, '新增').click();
  const cn = dialog(page, '新增分类');
  await button(cn, '保存').click();
  await expect(cn.getByText('请输入分类名称')).toBeVisible();
  await cn.getByLabel('分类名称').fill(CLS);
  await button(cn, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await cp.getByPlaceholder('输入分类名称搜索').fill(CLS);
  await cp.locator('.ant-tree-node-content-wrapper').filter({ hasText: CLS }).click();
  await button(cp, '确定').click();
  await expect(d.getByPlaceholder('选择文件分类')).toHaveValue(CLS);

  await d.locator('input[type=file]').setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: PDF });
  await expect(d.getByText(FILE)).toBeVisible();
  await d.getByLabel('不可见企业').fill(HIDDEN);
  await page.locator('.ant-select-item-option').filter({ hasText: HIDDEN }).click();
  await d.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);

  await d.getByPlaceholder('选择标签').click();
  const tp = dialog(page, '选择标签');
  await button(tp, '新增').click();
  const tn = dialog(page, '新增标签');
  await tn.getByLabel('标签名称').fill(TAG);
  await button(tn, '保存').click();
  await expect(tp.getByText(TAG)).toBeVisible();
  await tp.locator('.ant-tree-treenode').filter({ hasText: TAG }).locator('.ant-tree-checkbox').click();
  await button(tp, '确定').click();
  await expect(d.getByPlaceholder('选择标签')).toHaveValue(TAG);
  await shot(page, '1-dialog');
  await button(d, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();

  await page.getByLabel('文件名称').fill(FILE);
  await button(page, '查询').click();
  const row = page.locator('.ant-table-row').filter({ hasText: FILE });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(CLS)).toBeVisible();
  await expect(row.getByText(TAG)).toBeVisible();
  await expect(row.getByText('pdf', { exact: true })).toBeVisible();
  await shot(page, '2-list');

  const seen = await browser.newPage();
  await loginAs(seen, `doc_seen_${tag}`);
  await expect(seen.getByTestId('top-bar')).toBeVisible();
  await seen.goto(`${BASE}/doc/mine`);
  await seen.getByRole('tab', { name: '共享文件库' }).click();
  await seen.getByLabel('文件名称').fill(FILE);
  await button(seen, '查询').click();
  const seenRow = seen.locator('.ant-table-row').filter({ hasText: FILE });
  await expect(seenRow).toHaveCount(1);
  await shot(seen, '3-seen');

  // 预览 opens our own viewer in a new tab, the PDF's page drawn with its text.
  const [preview] = await Promise.all([seen.waitForEvent('popup'), seenRow.getByText('预览', { exact: true }).click()]);
  await expect(preview.getByTestId('file-page-title')).toHaveText(FILE);
  const page1 = preview.getByTestId('pdf-view').locator('.pdf-page[data-page-number="1"]');
  await expect(page1).toHaveAttribute('data-rendered', 'true', { timeout: 20_000 });
  await expect(page1.locator('.textLayer')).toContainText('Page 1');
  await preview.screenshot({ path: `/tmp/docs-3b-preview.png` });
  await preview.close();
  // 下载 hands over the uploaded bytes under the file's own name.
  const [download] = await Promise.all([seen.waitForEvent('download'), seenRow.getByText('下载', { exact: true }).click()]);
  expect(download.suggestedFilename()).toBe(FILE);
  const bytes = await readFile((await download.path())!);
  expect(bytes.equals(PDF)).toBe(true);

  const hidden = await browser.newPage();
  await loginAs(hidden, `doc_hidden_${tag}`);
  await expect(hidden.getByTestId('top-bar')).toBeVisible();
  await hidden.goto(`${BASE}/doc/mine`);
  await hidden.getByRole('tab', { name: '共享文件库' }).click();
  await hidden.getByLabel('文件名称').fill(FILE);
  await button(hidden, '查询').click();
  await expect(hidden.locator('.ant-table-placeholder')).toBeVisible();
  await expect(hidden.locator('.ant-table-row').filter({ hasText: FILE })).toHaveCount(0);
  await shot(hidden, '4-hidden');
});
