import { expect, test } from '@playwright/test';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';
import { chooseOption, createForm, dialog, toast } from '../support/forms.ts';

/*
 * 提醒设置 (issue 39): the designer sets a 数据提醒 for certificates due within 30 days in the
 * dialog; the test hook runs the day's due reminders (the schedule's own claims), and the
 * administrator finds the message for the certificate due in 10 days, not the one due in 90, in 消息中心.
 */

const SHOTS = '/tmp/i39-remind';
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
const inDays = (n: number) => {
  const d = new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000); // the park's day (Asia/Shanghai)
  return d.toISOString().slice(0, 10);
};

test('数据提醒：证书 30 天内到期，提醒送达消息中心', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const stamp = Date.now().toString(36);
  const formName = `证书台账-${stamp}`;
  const formId = await createForm(page.request, formName, {
    list: [
      { type: 'input', key: 'k_cert', model: 'cert_name', name: '证书名称', options: {}, rules: [] },
      { type: 'date', key: 'k_exp', model: 'expire_date', name: '有效期至', options: { format: 'yyyy-MM-dd' }, rules: [] },
    ],
    config: {},
  });
  for (const [cert, days] of [[`危化品经营许可证-${stamp}`, 10], [`安全生产许可证-${stamp}`, 90]] as const) {
    const res = await page.request.post(`/api/form/addformdata/${formId}`, { form: { cert_name: cert, expire_date: inDays(days) }, headers: HEADERS });
    expect((await res.json()).errCode, await res.text()).toBe(0);
  }

  await page.goto(`${BASE}/form/design/${formId}`);
  await page.getByRole('button', { name: '提醒设置' }).click();
  const d = dialog(page, '提醒设置');
  await d.getByRole('tab', { name: '数据提醒设置' }).click();
  await d.getByRole('button', { name: '添加数据提醒' }).click();
  // Saving without default recipients is refused with the original's message.
  await d.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '请填写默认接收人')).toBeVisible();

  await d.getByLabel('默认接收人').click();
  await page.keyboard.type('系统管理员');
  await chooseOption(page, '系统管理员');
  await page.keyboard.press('Escape');
  await d.getByLabel('条件字段').click();
  await chooseOption(page, '有效期至');
  await expect(d.getByLabel('天数')).toHaveValue('30');
  await d.getByPlaceholder('可用 ${字段} 引用记录的值').fill('证书到期：${cert_name}');
  await d.getByLabel('提醒内容').fill('${cert_name} 将于 ${expire_date} 到期，请及时换证');
  await expect(d.getByText('邮件提醒（未配置邮件服务）')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-dialog.png` });
  await d.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();

  // The schedule's due job, run now (the hook exists only with REMIND_TEST_HOOKS=1).
  const run = await page.request.post(`/api/test/remind/run/${formId}`, { headers: HEADERS });
  expect((await run.json()).data, await run.text()).toMatchObject({ claimed: 1, messages: 1 });

  await page.goto(`${BASE}/msg/MsgList`);
  await expect(page.locator('.ant-table-row').filter({ hasText: `证书到期：危化品经营许可证-${stamp}` }).first()).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: `证书到期：安全生产许可证-${stamp}` })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}-message.png` });

  // 提醒记录 in the dialog lists the send.
  await page.goto(`${BASE}/form/design/${formId}`);
  await page.getByRole('button', { name: '提醒设置' }).click();
  await dialog(page, '提醒设置').getByRole('tab', { name: '提醒记录' }).click();
  await expect(dialog(page, '提醒设置').locator('.ant-table-row').filter({ hasText: '系统推送' })).toContainText('已发送');
  await page.screenshot({ path: `${SHOTS}-log.png` });
});
