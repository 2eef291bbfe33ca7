import { test } from '@playwright/test';
import { loginAsAdmin } from '../support/fixtures.ts';
import { uploadFile, xlsxWorkbook } from '../support/previewFiles.ts';
test('debug', async ({ page }) => {
  await loginAsAdmin(page);
  const id = await uploadFile(page, 'a.xlsx', xlsxWorkbook([{ name: 'S1', rows: [['a', 'b'], ['c', 1]] }, { name: 'S2', rows: [['x']] }]));
  await page.evaluate((d) => window.dispatchEvent(new CustomEvent('open-file-preview', { detail: d, cancelable: true })), { fileId: id, suffix: 'xlsx', originalName: 'a.xlsx' });
  await page.waitForTimeout(2000);
  const info = await page.evaluate(() => {
    const q = (s: string) => { const e = document.querySelector(s) as HTMLElement | null; if (!e) return null; const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height, getComputedStyle(e).display]; };
    return { view: q('.sheet-view'), tabs: q('.sheet-tabs'), holder: q('.ant-tabs-content-holder'), content: q('.ant-tabs-content'), pane: q('.ant-tabs-tabpane-active'), grid: q('.sheet-grid'), body: q('.sheet-body'), cell: q('[data-cell="A1"]'), html: document.querySelector('.sheet-view')?.outerHTML.replace(/<svg.*?<\/svg>/g,'').slice(1500, 3200) };
  });
  console.log(JSON.stringify(info, null, 1));
});
