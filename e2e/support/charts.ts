import { expect, type Locator, type Page } from '@playwright/test';

/* Reading and clicking the report widgets' ECharts charts (report-designer, report-drill-dates). */

/**
 * A chart's numbers as drawn (category → the series in column `series`), from the table ECharts'
 * canvas keeps beside it for screen readers (the same table 数据视图 shows).
 */
export async function numbers(frame: Locator, series = 0): Promise<Record<string, string>> {
  const rows = frame.locator('table.rw-sr-only tbody tr, table.rw-data tbody tr');
  return Object.fromEntries(await rows.evaluateAll((trs, i) => trs.map((tr) => [tr.querySelector('th')!.textContent!.trim(), tr.querySelectorAll('td')[i]!.textContent!.trim()]), series));
}
export const drawn = (frame: Locator, expected: Record<string, string>, series = 0) => expect.poll(() => numbers(frame, series), { timeout: 15_000 }).toEqual(expected);

/**
 * A real click on a column chart's bar: the x axis is the longest dark horizontal line on the
 * canvas, the categories share it in equal bands (in the order of the chart's data table), and a
 * bar rises from the middle of its band; the click lands just above the axis.
 */
export async function clickBar(page: Page, frame: Locator, category: string) {
  const cats = await frame.locator('table.rw-sr-only tbody th').allTextContents();
  const index = cats.indexOf(category);
  expect(index, `${category} in ${cats.join(',')}`).toBeGreaterThanOrEqual(0);
  const canvas = frame.locator('canvas').first();
  await canvas.scrollIntoViewIfNeeded();
  // Off the chart (no hover pointer), then wait for the bars' entry animation to end: a bar still rising may miss the click.
  await page.mouse.move(0, 0);
  const sample = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
  let last = '';
  await expect.poll(async () => last === (last = await sample()), { intervals: [250], timeout: 10_000 }).toBe(true);
  const at = await canvas.evaluate(
    (c: HTMLCanvasElement, { i, n }) => {
      const { width, height } = c;
      const px = c.getContext('2d')!.getImageData(0, 0, width, height).data;
      // The row with the most dark pixels is the axis line; a hover's dashed pointer may cross it, so its ends count, not a run.
      let best = { count: 0, x0: 0, x1: 0, y: 0 };
      for (let y = 0; y < height; y++) {
        let count = 0;
        let x0 = -1;
        let x1 = -1;
        for (let x = 0; x < width; x++) {
          const k = (y * width + x) * 4;
          if (px[k + 3]! > 200 && px[k]! < 140 && Math.abs(px[k]! - px[k + 1]!) < 12 && Math.abs(px[k + 1]! - px[k + 2]!) < 12) {
            count++;
            if (x0 < 0) x0 = x;
            x1 = x;
          }
        }
        if (count > best.count) best = { count, x0, x1, y };
      }
      const scale = width / c.clientWidth;
      const band = (best.x1 - best.x0 + 1) / n;
      return { x: (best.x0 + band * (i + 0.5)) / scale, y: (best.y - 4 * scale) / scale };
    },
    { i: index, n: cats.length },
  );
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + at.x, box.y + at.y);
}
