import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { button, dialog, toast } from '../support/forms.ts';
import { multipagePdf, png } from '../support/previewFiles.ts';
import { IPHONE, phoneLogin } from '../support/phone.ts';

/*
 * Issue 38 (part covered): the park's admin writes a 平台公告 in the tiptap editor with a PDF
 * attachment, an uploaded 背景图片 and 短信通知, publishes it, sees `{count}人，{unReadNum}未读`, reads it in
 * 我的公告 (the image behind it, the attachment opening in our preview) and sees the unread number drop
 * in the read statistics. Names are unique per run.
 */
const tag = crypto.randomBytes(3).toString('hex');
const TITLE = `停电通知${tag}`;
const BG = `园区背景${tag}.png`;
const shot = (page: Page, n: string) => page.screenshot({ path: `/tmp/notices-${n}.png`, fullPage: true });

test('the park publishes a platform notice with an attachment and reads it', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`${BASE}/notice/platform`);
  await button(page, '新增').click();
  const d = dialog(page, '新增公告');
  await button(d, '保存').click();
  await expect(d.getByText('请输入公告标题')).toBeVisible();
  await d.getByLabel('公告标题').fill(TITLE);
  await d.getByLabel('公告内容').click();
  await page.keyboard.type('明日九点停电，请做好准备。');
  const [attach] = await Promise.all([page.waitForEvent('filechooser'), button(d, '上传附件').click()]);
  await attach.setFiles({ name: '检查表.pdf', mimeType: 'application/pdf', buffer: multipagePdf(1) });
  await expect(d.getByText('检查表.pdf')).toBeVisible();
  const [bg] = await Promise.all([page.waitForEvent('filechooser'), button(d, '上传图片').click()]);
  await bg.setFiles({ name: BG, mimeType: 'image/png', buffer: png([220, 235, 250]) });
  await expect(d.getByRole('radio', { name: BG })).toHaveAttribute('aria-checked', 'true');
  await d.getByLabel('短信通知').click();
  await shot(page, '1-editor');
  await button(d, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  // 选择现有的背景图片: the next notice offers the uploaded image again, with the default chosen.
  await button(page, '新增').click();
  const again = dialog(page, '新增公告');
  await expect(again.getByRole('radio', { name: BG })).toHaveAttribute('aria-checked', 'false');
  await expect(again.getByRole('radio', { name: '默认' })).toHaveAttribute('aria-checked', 'true');
  await button(again, '取消').click();
  const row = page.locator('.ant-table-row').filter({ hasText: TITLE });
  await row.getByText('发布').click();
  await button(dialog(page, '发布公告'), '发布').click();
  await expect(toast(page, '发布成功')).toBeVisible();
  // 投递中 until the pg-boss job has written the receivers; the list polls meanwhile.
  await expect(row.getByText('已发布')).toBeVisible({ timeout: 20_000 });
  const before = Number((await row.getByText(/\d+人，\d+未读/).innerText()).match(/，(\d+)未读/)![1]);
  await shot(page, '2-list');

  await page.goto(`${BASE}/notice/mine`);
  await page.getByText(TITLE).click();
  const r = dialog(page, TITLE);
  await expect(r.getByText('明日九点停电，请做好准备。')).toBeVisible();
  await expect(r.getByText('检查表.pdf')).toBeVisible();
  await expect(r.getByTestId('notice-backdrop')).toHaveCSS('background-image', /\/api\/file\/image\/\d+/);
  await shot(page, '3-reader');
  const [preview] = await Promise.all([page.waitForEvent('popup'), r.getByText('检查表.pdf').click()]);
  await expect(preview.getByTestId('file-page-title')).toHaveText('检查表.pdf');
  await expect(preview.getByTestId('pdf-view').locator('.pdf-page[data-page-number="1"]')).toHaveAttribute('data-rendered', 'true', { timeout: 20_000 });
  await preview.close();
  await r.getByRole('button', { name: '关闭' }).click();

  await page.goto(`${BASE}/notice/platform`);
  await expect(row.getByText(`，${before - 1}未读`)).toBeVisible();
  await row.getByText(/\d+人，\d+未读/).click();
  const s = dialog(page, `阅读情况：${TITLE}`);
  await s.getByRole('tab', { name: '已读' }).click();
  await expect(s.locator('.ant-table-row').first()).toBeVisible();
  await shot(page, '4-readers');
});


test.describe('手机端', () => {
  test.use(IPHONE);
  test('a company user sees a new platform notice unread on the workbench, opens it, and the park sees the count move', async ({ page, browser }) => {
    const user = `notice_m_${tag}`;
    await withDb(async (c) => {
      const co = await c.query(`insert into sys_company (company_name, company_code, status, tenant_status, source) values ($1, $2, '1', 1, 'park') returning id`, [`公告企业${tag}`, `E2E-NOTICE-${tag}`]);
      await c.query(
        `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type) select $1, password_hash, $2, 2, $3, 2 from sys_user where username = 'admin'`,
        [user, `企业员工${tag}`, co.rows[0].id],
      );
    });
    // The park publishes through its own session (the desktop flow is the test above).
    const park = await browser.newPage();
    await loginAsAdmin(park);
    const h = { 'x-requested-with': 'XMLHttpRequest' };
    const title = `手机公告${tag}`;
    const res = await park.request.post(`/api/user/saveNotice`, { headers: h, data: { title, noticeType: '1', content: '<p>请于周五前完成自查。</p>' } });
    expect(res.status(), await res.text()).toBe(200);
    const saved = (await res.json()) as { id: number };
    expect((await park.request.post(`/api/notice/publish`, { headers: h, data: { id: saved.id } })).status()).toBe(200);
    await expect.poll(() => withDb(async (c) => (await c.query(`select delivered from notice where id = $1`, [saved.id])).rows[0]?.delivered), { timeout: 20_000 }).toBe(true);

    await phoneLogin(page, user);
    const counter = page.getByTestId('counter-notice');
    // A number of at least 1 (not the '-' shown while it loads).
    await expect(counter.locator('.m-wb-counter-value')).toHaveText(/^[1-9]\d*$/);
    const unreadBefore = Number(await counter.locator('.m-wb-counter-value').innerText());
    await page.screenshot({ path: '/tmp/notices-5-mobile-workbench.png' });
    await counter.tap();
    const item = page.getByTestId('notices').locator('.adm-list-item').filter({ hasText: title });
    await expect(item.getByText('未读')).toBeVisible();
    await item.tap();
    await expect(page.getByText('请于周五前完成自查。')).toBeVisible();
    await page.screenshot({ path: '/tmp/notices-6-mobile-detail.png' });
    await page.goto(`${BASE}/m/`);
    await expect(page.getByTestId('counter-notice').locator('.m-wb-counter-value')).toHaveText(String(unreadBefore - 1));

    const readers = await park.request.get(`/api/notice/readers?id=${saved.id}&read=1`, { headers: h });
    expect(readers.status(), await readers.text()).toBe(200);
    expect(((await readers.json()) as { data: Array<{ realName: string }> }).data.map((r) => r.realName)).toContain(`企业员工${tag}`);
    await park.close();
  });
});
