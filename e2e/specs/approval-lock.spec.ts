import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAs, withDb } from '../support/fixtures.ts';
import { button, confirm, fillDemoVehicle, toast } from '../support/forms.ts';

/*
 * Issue 35 §1 (ADR 0026) in Chromium: 张三 submits a record of 危化品车辆入园登记 for the seeded
 * approval; on the list page its 编辑 and 删除 are greyed, and hovering them says why. Once 张三
 * withdraws it (撤回) they work again.
 */

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const SHOTS = '/tmp/i35';

async function vehicleFormId(): Promise<number> {
  return withDb(async (c) => Number((await c.query(`select id from form_conf where form_name = '危化品车辆入园登记' order by id limit 1`)).rows[0].id));
}

async function submitRecord(page: Page, plate: string) {
  await button(page, '新增').click();
  await fillDemoVehicle(page, plate, '13855102468');
  await button(page, '提交').click();
  await confirm(page, '确认保存吗？');
}

test('审批中的记录在列表页上编辑、删除置灰并说明原因；撤回后恢复', async ({ page }) => {
  await loginAs(page, 'zhangsan');
  await expect(page.getByTestId('top-bar')).toBeVisible();
  const formId = await vehicleFormId();
  await page.goto(`${BASE}/form/list/${formId}`);
  await submitRecord(page, '皖A35035');

  const row = page.locator('.ant-table-row').filter({ hasText: '皖A35035' });
  await expect(row.getByText('审批中')).toBeVisible();
  const edit = row.getByRole('button', { name: '编辑' });
  const remove = row.getByRole('button', { name: '删除' });
  await expect(edit).toBeDisabled();
  await expect(remove).toBeDisabled();
  // A disabled button takes no pointer events: the tooltip hangs on the span around it.
  await edit.locator('xpath=..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('该记录正在审批中，不能修改');
  await page.screenshot({ path: `${SHOTS}-locked-edit.png` });
  await remove.locator('xpath=..').hover();
  await expect(page.getByRole('tooltip').filter({ hasText: '不能删除' })).toHaveText('该记录正在审批中，不能删除');
  await page.screenshot({ path: `${SHOTS}-locked-delete.png` });

  // 撤回 from the approval the 审批中 tag opens (nobody has acted yet): the record is 张三's to change again.
  await row.getByRole('link', { name: '审批中' }).click();
  await expect(page).toHaveURL(/\/formTaskInfo\?processInstanceId=\d+/);
  await button(page, '撤回').click();
  await confirm(page, '确认撤回此审批吗？');
  await expect(toast(page, '已撤回')).toBeVisible();
  await page.goto(`${BASE}/form/list/${formId}`);
  await expect(row.getByText('已撤回')).toBeVisible();
  await expect(row.getByRole('button', { name: '编辑' })).toBeEnabled();
  await expect(row.getByRole('button', { name: '删除' })).toBeEnabled();
});
