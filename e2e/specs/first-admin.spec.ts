import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAs, loginAsAdmin, withDb } from '../support/fixtures.ts';
import ExcelJS from 'exceljs';
import { button, createForm, dialog } from '../support/forms.ts';
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
    await shot(page, 'subtable-empty');
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

test.describe('导入的反馈', () => {
  test('进度条与“已处理”一致；结果中有“下载错误数据”，关闭后列表页仍可下载', async ({ page }, testInfo) => {
    await loginAsAdmin(page);
    const meta = {
      list: [
        { type: 'input', key: 'k_device', model: 'device', name: '设备名称', options: { required: true } },
        { type: 'input', key: 'k_place', model: 'place', name: '巡检位置', options: {} },
      ],
      config: {},
    };
    const formId = await createForm(page.request, `导入反馈-${Date.now()}`, meta);
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('主表');
    ws.addRow(['设备名称', '巡检位置']);
    for (let i = 1; i <= 7; i++) ws.addRow([i === 4 ? null : `${i}号泵`, `${i}区`]);
    const file = testInfo.outputPath('巡检导入.xlsx');
    await book.xlsx.writeFile(file);

    await page.goto(`${BASE}/form/list/${formId}`);
    await expect(page.getByTestId('import-errors')).toHaveCount(0);
    await button(page.locator('.list-page'), '导入').click();
    const d = dialog(page, '导入');
    await d.locator('input[type=file]').setInputFiles(file);
    const automatic = page.waitForEvent('download', { timeout: 60_000 });
    // Every frame while the import runs: what the text says and how full the bar is.
    await page.evaluate(() => {
      const samples: Array<{ text: string; ratio: number }> = [];
      (window as unknown as { progressSamples: typeof samples }).progressSamples = samples;
      const sample = () => {
        const el = document.querySelector('[data-testid=import-progress]');
        const fill = el?.querySelector('.ant-progress-bg, .ant-progress-track')?.getBoundingClientRect().width;
        const rail = el?.querySelector('.ant-progress-rail, .ant-progress-inner')?.getBoundingClientRect().width;
        if (el && fill !== undefined && rail) samples.push({ text: el.textContent ?? '', ratio: fill / rail });
        if (samples.length < 2000) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await button(d, '开始导入').click();
    await expect(d.getByTestId('import-progress')).toContainText('已处理 7 / 7 行');
    await automatic;
    // The bar shows what the text says the moment it says it.
    const samples = await page.evaluate(() => (window as unknown as { progressSamples: Array<{ text: string; ratio: number }> }).progressSamples);
    const shown = samples.flatMap((s) => {
      const m = /已处理 (\d+) \/ (\d+) 行/.exec(s.text);
      return m && Number(m[2]) > 0 ? [{ said: Number(m[1]) / Number(m[2]), ratio: s.ratio }] : [];
    });
    expect(shown.length).toBeGreaterThan(0);
    for (const s of shown) expect(Math.abs(s.said - s.ratio), JSON.stringify(s)).toBeLessThan(0.05);
    await expect(d).toContainText('成功导入 6 条，1 条未导入');
    await shot(page, 'import-result');
    const fromDialog = page.waitForEvent('download');
    await d.getByTestId('import-error-link').click();
    expect((await fromDialog).suggestedFilename()).toMatch(/_error\.xlsx$/);
    await button(d, '关闭').click();

    // The list page keeps the rejected rows within reach.
    await page.getByTestId('import-errors').click();
    const entry = page.locator('.ant-dropdown-menu-item').filter({ hasText: '1 条未导入' });
    await expect(entry).toBeVisible();
    await shot(page, 'import-errors-on-list');
    const fromList = page.waitForEvent('download');
    await entry.click();
    const saved = testInfo.outputPath('error.xlsx');
    await (await fromList).saveAs(saved);
    const errors = new ExcelJS.Workbook();
    await errors.xlsx.readFile(saved);
    expect(errors.worksheets[0]!.actualRowCount).toBe(2);
  });
});

test.describe('整页没有死路', () => {
  test('整页详情和整页新增都有“返回”，回到来时的列表页', async ({ page }) => {
    await loginAsAdmin(page);
    const meta = { list: [{ type: 'input', key: 'k_device', model: 'device', name: '设备名称', options: {} }], config: {} };
    const formId = await createForm(page.request, `返回-${Date.now()}`, meta);
    const added = await page.request.post(`/api/form/addformdata/${formId}`, {
      form: { device: '一号泵' },
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const recordId = (await added.json()).businessId as string;

    // Opened directly (a link, a bookmark): 返回 goes to the form's list page.
    await page.goto(`${BASE}/form/detail/${formId}/${recordId}`);
    await expect(page.locator('.form-detail')).toContainText('一号泵');
    await shot(page, 'detail-back');
    await button(page.locator('.form-detail'), '返回').click();
    await expect(page).toHaveURL(new RegExp(`/form/list/${formId}$`));
    await expect(page.locator('.list-page')).toContainText('一号泵');

    // Reached from inside the app: 返回 goes back there.
    await page.goto(`${BASE}/home`);
    await page.evaluate((path) => {
      window.history.pushState({ idx: 1, key: 'x', usr: null }, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, `${BASE}/full/custom/${formId}`);
    await expect(page.locator('.form-full-card')).toBeVisible();
    await button(page.locator('.form-full-card'), '返回').click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/home$`));
  });
});

test.describe('安全与启动', () => {
  test('首次访问未登录时只检查一次会话，再跳转登录页', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) refused.push(new URL(r.url()).pathname);
    });
    await page.goto(`${BASE}/home`);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('用户名')).toBeVisible();
    expect(refused).toEqual([`/api/user/getUser`]);
    await context.close();
  });
});

test.describe('用词', () => {
  test('控件面板写“地图定位”；行政区划按“选择到”要求选到区县', async ({ page }) => {
    await loginAsAdmin(page);
    await openDesigner(page, await newForm(page, `用词-${Date.now()}`));
    await expect(paletteItem(page, 'gis_select')).toHaveText('地图定位');
    await expect(page.locator('.dz-left')).not.toContainText('Gis');
    // A new region control asks for a county, and says so in its properties.
    await paletteItem(page, 'region_select').click();
    await expect(page.locator('.dz-right .ant-radio-button-wrapper-checked')).toHaveText('区县');

    const meta = {
      list: [
        { type: 'region_select', key: 'k_place', model: 'place_region', name: '所在地', options: { level: '3', required: true }, modelExt: {} },
      ],
      config: {},
    };
    const formId = await createForm(page.request, `区划级别-${Date.now()}`, meta);
    await page.goto(`${BASE}/full/custom/${formId}`);
    await page.getByLabel('所在地').click();
    await page.locator('.ant-cascader-menu-item').filter({ hasText: '安徽省' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('.form-full-card')).toContainText('安徽省');
    await button(page.locator('.form-full-card'), '保存').click();
    await expect(page.getByText('所在地请选择到区县').first()).toBeVisible();
    await shot(page, 'region-level');
    const stored = await withDb((c) => c.query(`select count(*)::int as n from form_${formId}`));
    expect(stored.rows[0].n).toBe(0);
  });

  test('企业用户的“所属组织”显示所在企业；欢迎消息只提已有的功能', async ({ page }) => {
    const username = `qy${Date.now()}`;
    const company = await withDb(async (c) => {
      const row = (await c.query(`select id, company_name from sys_company order by id limit 1`)).rows[0];
      const user = await c.query(
        `insert into sys_user (username, password_hash, real_name, user_type, company_id)
         select $1, password_hash, '企业管理员', 1, $2 from sys_user where username = 'admin' returning id`,
        [username, row.id],
      );
      await c.query(
        `insert into sys_user_role (user_id, role_id) select $1, id from sys_role where role_code = 'company_user'`,
        [user.rows[0].id],
      );
      return row.company_name as string;
    });
    await loginAs(page, username);
    await expect(page.getByTestId('top-bar')).toBeVisible();
    await page.goto(`${BASE}/home`);
    const orgRow = page.locator('.home-tag-row').filter({ hasText: '所属组织' });
    await expect(orgRow).toContainText(company);
    await expect(orgRow).not.toContainText('暂无');
    await shot(page, 'company-user-home');

    const welcome = await withDb(
      async (c) => (await c.query(`select content from msg_message where title = '欢迎使用封闭园区低代码平台' order by id limit 1`)).rows[0].content as string,
    );
    expect(welcome).not.toContain('审批');
    expect(welcome).toContain('表单管理');
  });
});

test.describe('新表单的列表页查询栏', () => {
  test('首次发布时提供默认查询条件，列表页即有查询栏，之后可在列表页设置中修改', async ({ page }) => {
    await loginAsAdmin(page);
    const formId = await newForm(page, `巡检查询-${Date.now()}`);
    await openDesigner(page, formId);
    await paletteItem(page, 'input').click();
    await name(page, '设备名称', 'device_name');
    await canvas(page).click({ position: { x: 5, y: 5 } });
    await paletteItem(page, 'select').click();
    await name(page, '巡检结果', 'result');
    await canvas(page).click({ position: { x: 5, y: 5 } });
    await paletteItem(page, 'date').click();
    await name(page, '巡检日期', 'check_day');

    await page.getByRole('button', { name: '发布' }).click();
    const d = dialog(page, '发布表单设计');
    await expect(d.getByTestId('plan-query-bar')).toContainText('列表页将提供查询条件：设备名称（模糊匹配）、巡检结果（等于）、巡检日期（范围）');
    await shot(page, 'publish-query-bar');
    await d.getByRole('button', { name: '确认发布' }).click();
    await dialog(page, '创建表单菜单').locator('.ant-modal-close').click();
    await expect(page.getByText('已发布')).toBeVisible();

    // Editable later: 列表页设置 lists them.
    await page.locator('.dz-right').getByRole('tab', { name: '列表页设置' }).click();
    await expect(page.locator('.dz-right')).toContainText('巡检日期');

    await page.goto(`${BASE}/form/list/${formId}`);
    const bar = page.locator('.list-query-bar');
    await expect(bar).toContainText('设备名称');
    await expect(bar).toContainText('巡检结果');
    await expect(bar).toContainText('巡检日期');
    await shot(page, 'list-query-bar');
  });
});
