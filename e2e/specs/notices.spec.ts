import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';
import { button, dialog, toast } from '../support/forms.ts';
import { multipagePdf } from '../support/previewFiles.ts';

/*
 * Issue 38 (part covered): the park's admin writes a 平台公告 in the tiptap editor with a PDF
 * attachment and 短信通知, publishes it, sees `{count}人，{unReadNum}未读`, reads it in 我的公告 and sees
 * the unread number drop in the read statistics. Names are unique per run.
 */
const tag = crypto.randomBytes(3).toString('hex');
const TITLE = `停电通知${tag}`;
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
  await d.locator('input[type=file]').setInputFiles({ name: '检查表.pdf', mimeType: 'application/pdf', buffer: multipagePdf(1) });
  await expect(d.getByText('检查表.pdf')).toBeVisible();
  await d.getByLabel('短信通知').click();
  await shot(page, '1-editor');
  await button(d, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
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
  await shot(page, '3-reader');
  await r.getByRole('button', { name: '关闭' }).click();

  await page.goto(`${BASE}/notice/platform`);
  await expect(row.getByText(`，${before - 1}未读`)).toBeVisible();
  await row.getByText(/\d+人，\d+未读/).click();
  const s = dialog(page, `阅读情况：${TITLE}`);
  await s.getByRole('tab', { name: '已读' }).click();
  await expect(s.locator('.ant-table-row').first()).toBeVisible();
  await shot(page, '4-readers');
});
