import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';
import { button } from '../support/forms.ts';
import { canvas, drag, dropOnForm, item, name, newForm, openDesigner, paletteItem } from '../support/designer.ts';

/*
 * What a first-time administrator tripped over (issue 26), each as they would meet it in Chromium.
 */

const shot = (page: Page, file: string) => page.screenshot({ path: `test-results/screens/i26-${file}.png` });

test.describe('设计器不丢失未发布的修改', () => {
  test('离开前询问，草稿自动保存到服务器，重新打开时恢复并可放弃', async ({ page }) => {
    await loginAsAdmin(page);
    const formId = await newForm(page, `设备巡检记录-${Date.now()}`);
    await openDesigner(page, formId);
    await paletteItem(page, 'input').click();
    await name(page, '设备名称', 'device_name');
    await expect(page.getByText('未发布的修改')).toBeVisible();
    await expect(page.getByTestId('draft-state')).toHaveText('草稿已自动保存');

    // A top menu while 未发布的修改 is shown: asked first; staying keeps the work.
    await page.getByTestId('top-bar').getByText('首页').first().click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '有未发布的修改' });
    await expect(ask).toBeVisible();
    await shot(page, 'leave-designer');
    await button(ask, '留在此页').click();
    await expect(page).toHaveURL(new RegExp(`/form/design/${formId}$`));
    await expect(item(page, '设备名称')).toBeVisible();

    // Reloading gets the browser's own prompt.
    let prompted = '';
    page.once('dialog', (d) => {
      prompted = d.type();
      void d.accept();
    });
    await page.reload();
    expect(prompted).toBe('beforeunload');

    // The reloaded designer restores the draft and says so.
    await expect(page.getByTestId('form-designer')).toBeVisible();
    await expect(page.getByText(/有未发布的草稿/)).toBeVisible();
    await expect(item(page, '设备名称')).toBeVisible();
    await expect(page.getByText('未发布的修改')).toBeVisible();
    await shot(page, 'draft-restored');

    // 放弃草稿: back to the published (here: empty) design, and the draft is gone on the server.
    await button(page.locator('.dz-draft-alert'), '放弃草稿').click();
    const sure = page.locator('.ant-modal-confirm').filter({ hasText: '服务器上的草稿将删除' });
    await button(sure, '放弃草稿').click();
    await expect(canvas(page).locator('.dz-item')).toHaveCount(0);
    await expect(page.getByText(/有未发布的草稿/)).toHaveCount(0);
    const left = await page.request.get(`/api/form/design/${formId}/draft`);
    expect((await left.json()).draft).toBeNull();
    await page.goto(`${BASE}/form/design/${formId}`);
    await expect(page.getByTestId('form-designer')).toBeVisible();
    await expect(page.getByText(/有未发布的草稿/)).toHaveCount(0);
  });
});

test.describe('拖入子表单', () => {
  test('子表单是画布上最后一个控件时，拖入的控件进入子表单', async ({ page }) => {
    await loginAsAdmin(page);
    await openDesigner(page, await newForm(page, `子表拖入-${Date.now()}`));
    await dropOnForm(page, 'input');
    await name(page, '设备名称', 'device_name');
    await dropOnForm(page, 'table');
    await name(page, '巡检项目', 'items');
    const table = item(page, '巡检项目');
    await expect(table.locator('.dz-table-cols')).toContainText('可以拖入或点击');
    // As a person aims: at the sub-table box, a little below its title, near its lower edge.
    await drag(page, paletteItem(page, 'input'), table, 'bottom');
    await expect(table.locator('.dz-table-cols .dz-item')).toHaveCount(1);
    await name(page, '检查项', 'check_item');
    await drag(page, paletteItem(page, 'select'), table.locator('.dz-table-title'));
    await expect(table.locator('.dz-table-cols .dz-item')).toHaveCount(2);
    await expect(canvas(page).locator('.dz-root > .dz-item')).toHaveCount(2);
    // A width set for the form (40 %) means the whole column inside a sub-table.
    for (const column of await table.locator('.dz-item-column').all()) {
      const columnWidth = (await column.boundingBox())!.width;
      const editorWidth = (await column.locator('.dz-editor > *').first().boundingBox())!.width;
      expect(editorWidth).toBeGreaterThan(columnWidth * 0.85);
    }
    await shot(page, 'subtable-drop');
  });
});
