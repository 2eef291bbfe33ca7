import { expect, test } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';

/*
 * Issue 42 item 3: the list page of 危化品车辆入园登记 (a form with a deployed approval flow) at
 * 1440×900. While the records' statuses are on their way the 审批状态 cells show a placeholder, never
 * 未提交 (which an approved record is not); the column stays in view beside 操作.
 */
test('审批状态在加载时不显示“未提交”，已通过的记录显示已通过，1440 px 下该列可见', async ({ page }) => {
  const { formId, recordId, instanceId } = await withDb(async (c) => {
    const form = Number((await c.query(`select id from form_conf where form_name = '危化品车辆入园登记' order by id limit 1`)).rows[0].id);
    const record = Number((await c.query(`select max(id) as id from form_${form}`)).rows[0].id);
    // An approved instance of the newest record (the list's first row), on the form's deployed flow.
    const inst = await c.query(
      `insert into flow_instance (definition_id, form_id, business_id, business_name, initiator_id, approve_status, end_time)
       select id, $1, $2, 'e2e 已通过', 1, '1', now() from flow_definition where form_id = $1 order by version desc limit 1
       returning id`,
      [form, record],
    );
    return { formId: form, recordId: record, instanceId: Number(inst.rows[0].id) };
  });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    // The statuses' reply is held for 2.5 s: what the page shows meanwhile is what a slow server shows.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/flow/recordstatus**', async (route) => {
      const reply = await route.fetch();
      await held;
      await route.fulfill({ response: reply });
    });
    await loginAsAdmin(page);
    await page.goto(`${BASE}/form/list/${formId}`);
    const header = page.locator('.ant-table-thead th').filter({ hasText: '审批状态' });
    await expect(header).toBeVisible();
    const box = (await header.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1440);
    expect(box.x).toBeGreaterThanOrEqual(0);

    const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect(first).toBeVisible();
    const statusCells = page.getByTestId('approval-status');
    await expect(statusCells.first()).toHaveAttribute('aria-busy', 'true');
    await page.waitForTimeout(1000);
    await expect(page.locator('.ant-table-tbody').getByText('未提交')).toHaveCount(0);
    await page.locator('.ant-table-wrapper').screenshot({ path: '/tmp/i42-status-loading.png' });

    release();
    await expect(first.getByTestId('approval-status')).toHaveText('已通过');
    expect(await first.getAttribute('data-row-key')).toBe(String(recordId));
    await expect(page.locator('.ant-table-tbody').getByText('未提交').first()).toBeVisible();
    await page.screenshot({ path: '/tmp/i42-status-loaded.png' });
  } finally {
    await withDb((c) => c.query(`delete from flow_instance where id = $1`, [instanceId]));
  }
});
