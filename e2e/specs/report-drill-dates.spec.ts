import { expect, test } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { clickBar, drawn, numbers } from '../support/charts.ts';
import { toast } from '../support/forms.ts';

/*
 * Issue 35 §2 in Chromium: the seeded dashboard 危化品车辆大屏 drills 入园日期 from month to day.
 * A click on a month's bar shows that month's days (not the month again), each as SQL sums them;
 * a day is the last level; 全部 goes back to the months.
 */

const SHOTS = 'test-results/screens';

async function sums(expr: string, where = 'true', params: unknown[] = []): Promise<Record<string, string>> {
  return withDb(async (c) => {
    const form = (await c.query(`select id from form_conf where form_name = '危化品车辆入园登记' order by id limit 1`)).rows[0].id;
    // A day whose records carry no 实际装载 (another spec's import on this shared server) is still a
    // category of the chart, drawn with no value.
    const rows = (await c.query(`select ${expr} as k, sum(actual_load)::float as s from "form_${form}" where ${where} group by 1`, params)).rows;
    return Object.fromEntries(rows.filter((r) => r.k !== null || r.s !== null).map((r) => [r.k ?? '__', r.s === null ? '' : String(r.s)]));
  });
}

test('危化品车辆大屏：按月的入园实际装载点击某月后钻取到该月每日', async ({ page }) => {
  await loginAsAdmin(page);
  // Its menu entry may sit in the top bar's overflow: opened by its address.
  const reportId = await withDb(async (c) => Number((await c.query(`select id from report_def where report_name = '危化品车辆大屏'`)).rows[0].id));
  await page.goto(`${BASE}/report/view/${reportId}`);
  const chart = page.locator('.rv-page .rw-frame').filter({ hasText: '入园实际装载（按月，点击钻取到日）' });
  const month = `to_char(nullif(entry_date, '')::timestamp, 'YYYY-MM')`;
  const day = `to_char(nullif(entry_date, '')::timestamp, 'YYYY-MM-DD')`;
  const months = await sums(month);
  await drawn(chart, months);

  // The month with the most days of entries: its bar drills to those days.
  const busiest = (await withDb(async (c) => {
    const form = (await c.query(`select id from form_conf where form_name = '危化品车辆入园登记' order by id limit 1`)).rows[0].id;
    return (await c.query(`select ${month} as m from "form_${form}" where actual_load is not null and entry_date <> '' group by 1 order by count(distinct ${day}) desc, 1 limit 1`)).rows[0].m as string;
  }));
  await clickBar(page, chart, busiest);
  await expect(chart.locator('.rw-drill')).toContainText(busiest);
  const days = await sums(day, `${month} = $1`, [busiest]);
  expect(Object.keys(days).length).toBeGreaterThan(1);
  await drawn(chart, days);
  expect(Object.keys(await numbers(chart)).every((k) => k.startsWith(`${busiest}-`))).toBe(true);
  await page.screenshot({ path: `${SHOTS}/report-drill-dates.png` });

  await clickBar(page, chart, Object.keys(days).sort()[0]!);
  await expect(toast(page, '已经钻取到最后一层了')).toBeVisible();
  await chart.locator('.rw-drill').getByText('全部').click();
  await drawn(chart, months);
});
