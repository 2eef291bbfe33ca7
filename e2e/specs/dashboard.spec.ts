import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginAsAdmin, withDb } from '../support/fixtures.ts';

/*
 * The seeded dashboard 危化品车辆大屏 as a first-time park administrator uses it at 1440×900
 * (issue 42 items 4 and 6): 重置 lifts a filter set by a click on the pie, and records with no
 * region are grouped as 未填写 in the region chart.
 */

const frame = (page: Page, title: string) => page.locator('.rv-page .rw-frame').filter({ hasText: title }).first();
/** The chart's numbers as its screen-reader table lists them: category → value. */
async function numbers(f: Locator): Promise<Record<string, string>> {
  const rows = f.locator('table.rw-sr-only tbody tr, table.rw-data tbody tr');
  return Object.fromEntries(await rows.evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent!.trim(), tr.querySelectorAll('td')[0]!.textContent!.trim()])));
}

async function openDashboard(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAsAdmin(page);
  await page.getByTestId('top-bar').getByRole('link', { name: '危化品车辆大屏' }).click();
  await expect(page).toHaveURL(/\/report\/view\/\d+/);
}

test('重置清除点击饼图扇区设置的筛选', async ({ page }) => {
  await openDashboard(page);
  const table = frame(page, '入园车辆明细');
  const pager = table.locator('.ant-pagination');
  await expect(pager).toContainText(/共 \d+ 条/);
  const all = (await pager.textContent())!.match(/共 (\d+) 条/)![1]!;

  const pie = frame(page, '车辆类型分布');
  await pie.scrollIntoViewIfNeeded();
  await expect.poll(async () => Object.keys(await numbers(pie)).length).toBeGreaterThan(1);
  const slices = Object.entries(await numbers(pie)).map(([t, v]) => ({ t, v: Number(v) }));
  const canvas = pie.locator('canvas').first();
  const box = (await canvas.boundingBox())!;
  // Slices run clockwise from twelve o'clock in the data's order: the middle of the first, inside the ring.
  const angle = (Math.PI * slices[0]!.v) / slices.reduce((s, x) => s + x.v, 0);
  const r = (Math.min(box.width, box.height) / 2) * 0.64;
  await page.mouse.click(box.x + box.width / 2 + r * Math.sin(angle), box.y + box.height / 2 - r * Math.cos(angle));
  await expect(pager).toContainText(`共 ${slices[0]!.v} 条`);
  expect(String(slices[0]!.v)).not.toBe(all);

  await page.locator('.rw-query').getByRole('button', { name: '重置' }).click();
  await expect(pager).toContainText(`共 ${all} 条`);
  await page.screenshot({ path: '/tmp/i42-dashboard-reset.png' });
});

test('地区图表中没有地区的记录显示为“未填写”', async ({ page }) => {
  await openDashboard(page);
  const formId = await withDb(async (c) => Number((await c.query(`select id from form_conf where form_name = '危化品车辆入园登记' order by id limit 1`)).rows[0].id));
  // A record with no region, cleared through the form's own update call, as its 编辑 dialog would.
  const recordId = await withDb(async (c) =>
    Number((await c.query(`select id from form_${formId} where province is not null and id not in (select business_id from flow_instance where form_id = $1) order by id limit 1`, [formId])).rows[0].id),
  );
  const REGION = ['province', 'province_code', 'city', 'city_code', 'area', 'area_code'];
  const old = await withDb(async (c) => (await c.query(`select ${REGION.join(', ')} from form_${formId} where id = $1`, [recordId])).rows[0] as Record<string, unknown>);
  const update = (values: Record<string, unknown>) =>
    page.request.post(`/api/form/updateformdata/${formId}`, { headers: { 'x-requested-with': 'XMLHttpRequest' }, data: { id: recordId, ...values } });
  const reply = await update(Object.fromEntries(REGION.map((k) => [k, ''])));
  expect(reply.ok(), await reply.text()).toBe(true);
  expect(await withDb(async (c) => (await c.query(`select province from form_${formId} where id = $1`, [recordId])).rows[0].province)).toBeNull();
  try {
    await page.reload();
    const region = frame(page, '各地区实际装载');
    await region.scrollIntoViewIfNeeded();
    await expect.poll(async () => Object.keys(await numbers(region))).toContain('未填写');
    expect(Object.keys(await numbers(region))).not.toContain('__');
    await region.screenshot({ path: '/tmp/i42-region-unfilled.png' });
  } finally {
    await update(old);
  }
});
