import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';
import { chooseOption, createForm } from '../support/forms.ts';

/*
 * The designer's property panels (issue 9) in Chromium: the chain a select's options make, a
 * model checked while it is typed, the formula builder naming a field that no longer exists and
 * repairing it with its buttons, and the form's own properties.
 */

const SCREENS = 'screenshots';

const meta = {
  list: [
    {
      type: 'select',
      key: 'k_sex',
      model: 'sex',
      name: '性别',
      options: {
        remote: true,
        options: [
          { value: '男', label: '男', relatedList: [] },
          { value: '女', label: '女', relatedList: ['k_preg'] },
        ],
      },
    },
    {
      type: 'radio',
      key: 'k_preg',
      model: 'preg',
      name: '是否怀孕',
      options: { remote: true, options: [{ value: '是', label: '是', relatedList: ['k_due'] }, { value: '否', label: '否', relatedList: [] }] },
    },
    { type: 'date', key: 'k_due', model: 'due', name: '预产期', options: {} },
    { type: 'input_number', key: 'k_price', model: 'price', name: '单价', options: {} },
    { type: 'input_int', key: 'k_qty', model: 'qty', name: '数量', options: {} },
    {
      type: 'calculate_formula',
      key: 'k_total',
      model: 'total',
      name: '金额',
      options: { formula: { type: 'number', exp: ['${price}', '*', '${qty}'], decimal: 2 } },
    },
  ],
  config: {},
};

const pane = (page: Page) => page.locator('.dz-right');
/** One collapsible section of the control's panel, by its title. */
const section = (page: Page, title: string) =>
  pane(page).locator('.ant-collapse-item').filter({ has: page.locator('.ant-collapse-title', { hasText: title }) });

async function select(page: Page, name: string) {
  await page.getByTestId('designer-canvas').locator(`.dz-item[data-name="${name}"]`).first().click();
  await pane(page).getByRole('tab', { name: '控件属性' }).click();
  await expect(pane(page).locator('.designer-props-head')).toContainText(name);
}

test('property panels: relation chain, model check, formula builder, form properties', async ({ page }) => {
  await loginAsAdmin(page);
  const formId = await createForm(page.request, `属性面板-${Date.now()}`, meta);
  await page.goto(`${BASE}/form/design/${formId}`);
  await expect(page.getByTestId('form-designer')).toBeVisible();

  await select(page, '性别');
  await expect(pane(page).getByLabel('联动预览')).toContainText('性别=女 → 是否怀孕 → 预产期');
  // 男 now shows 单价 as well: picked from the other controls of the form (never 性别 itself).
  await pane(page).getByLabel('选项1显示的控件').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '性别' })).toHaveCount(0);
  await chooseOption(page, '单价');
  await page.keyboard.press('Escape');
  await expect(pane(page).getByLabel('联动预览')).toContainText('性别=男 → 单价');
  await section(page, '选项').screenshot({ path: `${SCREENS}/designer-props-select.png` });

  await select(page, '数量');
  const model = pane(page).getByLabel('字段标识', { exact: true });
  await model.fill('update_time');
  await expect(pane(page)).toContainText('控件“数量”的字段名 update_time 是系统保留字段');
  await model.fill('qty2');
  await expect(pane(page)).not.toContainText('系统保留字段');

  await select(page, '金额');
  await expect(pane(page).getByLabel('公式内容')).toHaveText('【单价】 × 【qty（不存在）】');
  await expect(pane(page)).toContainText('控件“金额”的计算公式引用的字段 qty 不存在');
  await section(page, '计算公式').screenshot({ path: `${SCREENS}/designer-props-formula-missing.png` });

  await pane(page).getByRole('button', { name: /清空/ }).click();
  await pane(page).getByRole('button', { name: '(' }).click();
  await pane(page).getByRole('button', { name: '单价', exact: true }).click();
  await pane(page).getByRole('button', { name: '运算符×' }).click();
  await pane(page).getByRole('button', { name: '数量', exact: true }).click();
  await pane(page).getByRole('button', { name: ')' }).click();
  await pane(page).getByRole('button', { name: '运算符÷' }).click();
  await pane(page).getByRole('button', { name: '2', exact: true }).click();
  await expect(pane(page).getByLabel('公式内容')).toHaveText('(【单价】 × 【数量】) ÷ 2');
  await expect(pane(page)).not.toContainText('不存在');
  await section(page, '计算公式').screenshot({ path: `${SCREENS}/designer-props-formula.png` });

  await pane(page).getByRole('tab', { name: '表单属性' }).click();
  await pane(page).getByText('顶部', { exact: true }).click();
  await pane(page).getByRole('switch', { name: '显示边框' }).click();
  await expect(pane(page).getByLabel('边框宽度')).toBeVisible();
  await pane(page).screenshot({ path: `${SCREENS}/designer-props-form.png` });
});
