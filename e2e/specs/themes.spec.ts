import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';
import { createForm } from '../support/forms.ts';

/* 主题 (issue 40): the Theme screen, a theme chosen in the form designer and the form drawn with it, the platform presets. */
const RUN = Date.now().toString(36).slice(-5);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const row = (page: Page, text: string) => page.locator('.theme-table tr').filter({ hasText: text });

test('主题：新增主题的校验提示，按类型查询，删除需确认', async ({ page }) => {
  await loginAsAdmin(page);
  const doomed = `待删报表主题${RUN}`;
  const made = await page.request.post('/api/theme/addTheme', { data: { themeName: doomed, type: 2, themeMeta: { colorPrimary: '#02a7f0', borderRadius: 2, fontSize: 14 } }, headers: XHR });
  expect((await made.json()).errCode).toBe(0);

  await page.goto(`${BASE}/system/theme`);
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增主题' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('请输入主题名称')).toBeVisible();
  const name = `红色表单主题${RUN}`;
  await dialog.getByLabel('主题名称').fill(name);
  await dialog.getByLabel('圆角').fill('99');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('圆角须为 0–24 的整数')).toBeVisible();
  await dialog.getByLabel('圆角').fill('12');
  await dialog.getByLabel('字号').fill('16');
  await dialog.locator('.ant-color-picker-trigger').first().click();
  await page.locator('.ant-color-picker .ant-color-picker-presets-color').first().click();
  await page.keyboard.press('Escape');
  await expect(dialog.locator('.theme-preview .ant-btn-primary')).toHaveCSS('background-color', 'rgb(217, 0, 27)');
  await page.screenshot({ path: '/tmp/s40-theme-dialog.png' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('主题保存成功')).toBeVisible();
  await expect(row(page, name)).toContainText('表单');

  // 主题类型 报表: the form theme is not listed, the report one is.
  await page.getByRole('combobox', { name: '主题类型' }).click();
  await page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: /^报表$/ }).click();
  await expect(row(page, doomed)).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
  await row(page, doomed).getByRole('button', { name: '删除' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('此操作将永久删除主题, 是否继续?');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(row(page, doomed)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/s40-theme-list.png' });
});

test('主题：表单设计器选择主题，填报页按主题绘制；顶栏切换平台主题', async ({ page }) => {
  await loginAsAdmin(page);
  const themeName = `圆角大字${RUN}`;
  const made = await page.request.post('/api/theme/addTheme', {
    data: { themeName, type: 0, themeMeta: { colorPrimary: '#16a34a', borderRadius: 14, fontSize: 17, colorBgContainer: '#f0fdf4' } },
    headers: XHR,
  });
  expect((await made.json()).errCode).toBe(0);
  const formId = await createForm(page.request, `主题表单-${RUN}`, {
    list: [{ type: 'input', key: 'k_name', model: 'visitor', name: '访客姓名', options: {} }],
    config: {},
  });

  await page.goto(`${BASE}/form/design/${formId}`);
  const pane = page.locator('.dz-right');
  await pane.getByRole('tab', { name: '表单属性' }).click();
  await pane.getByRole('combobox', { name: '主题' }).click();
  await page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: themeName }).click();
  await page.getByRole('button', { name: '发布' }).click();
  const publish = page.getByRole('dialog', { name: '发布表单设计' });
  if (await publish.isVisible().catch(() => false)) await publish.getByRole('button', { name: '确认发布' }).click();
  await expect(page.getByText(/发布成功/).first()).toBeVisible();

  await page.goto(`${BASE}/full/custom/${formId}`);
  const input = page.locator('input[id$="visitor"], .ff-item input').first();
  await expect(input).toBeVisible();
  // The bordered box (the input or its affix wrapper) carries the theme's background and large radius.
  const look = () =>
    input.evaluate((el) => {
      let node: Element | null = el;
      for (let i = 0; i < 3 && node; i++, node = node.parentElement) {
        const css = getComputedStyle(node);
        if (css.borderTopWidth !== '0px') return { bg: css.backgroundColor, radius: parseFloat(css.borderTopLeftRadius), font: parseFloat(getComputedStyle(el).fontSize) };
      }
      return null;
    });
  await expect.poll(async () => (await look())?.bg).toBe('rgb(240, 253, 244)');
  const shown = (await look())!;
  expect(shown.radius).toBeGreaterThanOrEqual(7); // antd's small radius of 14; the platform's default gives 4
  expect(shown.font).toBeGreaterThanOrEqual(15); // 17, or its small size
  await page.screenshot({ path: '/tmp/s40-theme-form.png' });

  // The shell's presets: 红色, then the dark 大屏 style.
  await page.getByRole('button', { name: '平台主题' }).click();
  await page.getByRole('menuitem', { name: /红色/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-park-theme', 'red');
  await page.getByRole('button', { name: '平台主题' }).click();
  await page.getByRole('menuitem', { name: /大屏/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-park-theme', 'screen');
  await page.screenshot({ path: '/tmp/s40-theme-screen.png' });
  await page.getByRole('button', { name: '平台主题' }).click();
  await page.getByRole('menuitem', { name: '跟随平台默认' }).click();
});

test('主题：园区设置平台默认主题，新会话的外壳使用该主色；用户自选优先；园区监管为深色大屏', async ({ page, browser }) => {
  await loginAsAdmin(page);
  await page.goto(`${BASE}/system/theme`);
  const defaults = page.getByRole('radiogroup', { name: '平台默认主题' });
  await defaults.getByRole('radio', { name: '橙色' }).check();
  await page.getByRole('button', { name: '保存默认主题' }).click();
  await expect(page.getByText('平台默认主题已保存')).toBeVisible();

  // Shared server: whatever happens below, the park goes back to the platform's own default.
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await loginAsAdmin(other);
    await expect(other.locator('html')).toHaveAttribute('data-park-theme', 'orange');
    const primary = other.locator('.ant-btn-primary').first();
    await other.goto(`${BASE}/system/theme`);
    await expect(primary).toHaveCSS('background-color', 'rgb(245, 154, 35)'); // #f59a23
    await other.screenshot({ path: '/tmp/t40-theme-park-default.png' });

    // The user's own choice wins, and 跟随平台默认 goes back to the park's.
    await other.getByRole('button', { name: '平台主题' }).click();
    await other.getByRole('menuitem', { name: /蓝色/ }).click();
    await expect(other.locator('html')).toHaveAttribute('data-park-theme', 'blue');
    await other.getByRole('button', { name: '平台主题' }).click();
    await other.getByRole('menuitem', { name: '跟随平台默认' }).click();
    await expect(other.locator('html')).toHaveAttribute('data-park-theme', 'orange');

    // 园区总览 is a 大屏: dark whatever the platform theme is.
    await other.goto(`${BASE}/park/overview`);
    const screen = other.locator('[data-screen-style="dark"]').first();
    await expect(screen).toHaveCSS('background-color', 'rgb(10, 20, 40)');
    await expect(screen.locator('.ant-card').first()).not.toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await other.waitForTimeout(800); // the charts' first frame
    await other.screenshot({ path: '/tmp/t40-park-console-dark.png' });
  } finally {
    await fresh.close();
    const reset = await page.request.post('/api/theme/savePlatformDefault', { data: { themeKey: 'default' }, headers: XHR });
    expect((await reset.json()).errCode).toBe(0);
  }
});
