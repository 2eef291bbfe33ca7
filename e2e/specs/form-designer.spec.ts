import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { button, chooseOption, confirm, dialog, field, toast } from '../support/forms.ts';
import { canvas, drag, dropOnForm, item, name, newForm, openDesigner, paletteItem, rightPane } from '../support/designer.ts';

/*
 * The form designer (issue 9) in Chromium, as an administrator builds a form: drag and drop from
 * the palette into the form, a grid's columns and a sub-table; properties; JSON; preview; publish
 * with the table change shown first; the menu entry; records; a second publish that keeps data.
 */

const SCREENS = 'screenshots';
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

interface Control {
  type: string;
  key: string;
  model?: string;
  name?: string;
  options: Record<string, unknown> & { options?: Array<Record<string, unknown>> };
  columns?: Array<{ span: number; list: Control[] }>;
  tableColumns?: Control[];
}
interface Meta {
  list: Control[];
  config: Record<string, unknown>;
  [extra: string]: unknown;
}

/** The design as 导出 in the JSON view writes it (a file), or as the view shows it. */
async function exportJson(page: Page, how: 'download' | 'view' = 'view'): Promise<string> {
  await page.getByRole('button', { name: 'JSON' }).click();
  const d = dialog(page, 'JSON');
  await expect(d.getByTestId('code-panel')).toBeVisible();
  let text: string;
  if (how === 'download') {
    const [download] = await Promise.all([page.waitForEvent('download'), button(d, '导出').click()]);
    text = await readFile((await download.path())!, 'utf8');
  } else {
    // CodeMirror draws only the lines in view; the whole text is read from its editor state
    // (what EditorView.findFromDOM does: the content element's tile knows its view).
    text = await d.locator('.cm-content').evaluate((el) => {
      type View = { state: { doc: { toString(): string } } };
      const tile = (el as unknown as { cmTile?: { root?: { view?: View } }; cmView?: { view?: View } });
      const view = tile.cmTile?.root?.view ?? tile.cmView?.view;
      if (!view) throw new Error('no CodeMirror view');
      return view.state.doc.toString();
    });
  }
  await button(d, '关闭').click();
  await expect(d).toHaveCount(0);
  return text;
}

/** Pastes a design into the JSON view and imports it. */
async function importJson(page: Page, text: string) {
  await page.getByRole('button', { name: 'JSON' }).click();
  const d = dialog(page, 'JSON');
  const editor = d.locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  await button(d, '导入').click();
  return d;
}

function walk(list: Control[], visit: (c: Control) => void) {
  for (const c of list) {
    visit(c);
    for (const col of c.columns ?? []) walk(col.list, visit);
    walk(c.tableColumns ?? [], visit);
  }
}

function byModel(meta: Meta, model: string): Control {
  let hit: Control | undefined;
  walk(meta.list, (c) => {
    if (c.model === model) hit = c;
  });
  if (!hit) throw new Error(`no control ${model}`);
  return hit;
}

async function publish(page: Page, expectAdded: string[], expectKept: string[]) {
  await page.getByRole('button', { name: '发布' }).click();
  const d = dialog(page, '发布表单设计');
  await expect(d.getByTestId('plan-added')).toBeVisible();
  for (const column of expectAdded) await expect(d.getByTestId('plan-added')).toContainText(column);
  for (const column of expectKept) await expect(d.getByTestId('plan-kept')).toContainText(column);
  return d;
}

test.describe.serial('表单设计器', () => {
  const formName = `危险作业申请-${Date.now()}`;
  let formId = 0;
  let recordId = '';
  let designJson = '';

  test('拖入子表单的控件按指针落在列的左半或右半，放在该列之前或之后', async ({ page }) => {
    await loginAsAdmin(page);
    await openDesigner(page, await newForm(page, `子表列顺序-${Date.now()}`));
    await dropOnForm(page, 'table');
    await name(page, '明细', 'details');
    const cols = canvas(page).locator('.dz-table-cols');
    const names = () => cols.locator('.dz-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
    await drag(page, paletteItem(page, 'input'), cols);
    await name(page, '甲', 'col_a');
    await drag(page, paletteItem(page, 'input'), cols.locator('.dz-item').first(), 'right');
    await name(page, '乙', 'col_b');
    await expect.poll(names).toEqual(['甲', '乙']);
    await drag(page, paletteItem(page, 'input_number'), cols.locator('.dz-item').first(), 'left');
    await name(page, '丙', 'col_c');
    await expect.poll(names).toEqual(['丙', '甲', '乙']);
    await drag(page, paletteItem(page, 'date'), cols.locator('.dz-item').last(), 'right');
    await name(page, '丁', 'col_d');
    await expect.poll(names).toEqual(['丙', '甲', '乙', '丁']);
    await page.screenshot({ path: 'test-results/screens/designer-table-columns-order.png' });
  });

  test('复制的控件经系统剪贴板粘贴到另一个表单的设计器中', async ({ page }) => {
    await loginAsAdmin(page);
    await openDesigner(page, await newForm(page, `复制来源-${Date.now()}`));
    await dropOnForm(page, 'table');
    await name(page, '人员明细', 'people');
    await drag(page, paletteItem(page, 'input'), canvas(page).locator('.dz-table-cols'));
    await name(page, '姓名', 'person_name');
    await item(page, '人员明细').click({ position: { x: 8, y: 8 } });
    await page.keyboard.press('ControlOrMeta+C');

    // Another tab, another form: the sub-table arrives with its column, names and models kept (this form has none of them).
    const other = await page.context().newPage();
    await openDesigner(other, await newForm(other, `复制目标-${Date.now()}`));
    await canvas(other).click({ position: { x: 20, y: 20 } });
    await other.keyboard.press('ControlOrMeta+V');
    await expect(item(other, '人员明细')).toBeVisible();
    await expect(canvas(other).locator('.dz-table-cols .dz-item[data-name="姓名"]')).toBeVisible();
    await expect(canvas(other).getByText('person_name', { exact: true })).toBeVisible();
    // Text that is not a control pastes nothing.
    await other.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', '普通文字');
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data }));
    });
    await expect(canvas(other).locator('.dz-root > .dz-item')).toHaveCount(1);
    await other.screenshot({ path: 'test-results/screens/designer-paste-from-other-form.png' });
    await other.close();
  });

  test('拖拽搭建表单：栅格两列、输入框、控制显示的下拉框、数字与计算公式、用户、图片和三列子表单', async ({ page }) => {
    test.setTimeout(180_000);
    await loginAsAdmin(page);
    formId = await newForm(page, formName);
    await openDesigner(page, formId);
    await expect(page.getByTestId('designer-palette')).toContainText('基础控件');
    await expect(page.getByTestId('designer-palette')).toContainText('高级控件');
    await expect(page.getByTestId('designer-palette')).toContainText('布局控件');

    // A grid of two columns, an input in the left one and a select in the right one.
    await dropOnForm(page, 'grid');
    const columns = canvas(page).locator('.dz-grid-col');
    await expect(columns).toHaveCount(2);
    await drag(page, paletteItem(page, 'input'), columns.nth(0));
    await expect(columns.nth(0).locator('.dz-item')).toHaveCount(1);
    await name(page, '作业名称', 'work_name');
    await drag(page, paletteItem(page, 'select'), columns.nth(1));
    await expect(columns.nth(1).locator('.dz-item')).toHaveCount(1);
    await name(page, '作业类型', 'work_type');

    // Two controls the select shows and hides, then the number pair and its formula.
    await dropOnForm(page, 'textarea');
    await name(page, '动火说明', 'fire_note');
    await dropOnForm(page, 'date');
    await name(page, '受限空间进入日期', 'space_date');
    await dropOnForm(page, 'input_number');
    await name(page, '作业人数', 'workers');
    await dropOnForm(page, 'input_number');
    await name(page, '每人工时', 'hours');
    await dropOnForm(page, 'calculate_formula');
    await name(page, '总工时', 'total_hours');
    await dropOnForm(page, 'user_select');
    await name(page, '监护人', 'guardian');
    await dropOnForm(page, 'image_upload');
    await name(page, '现场照片', 'photos');

    // A sub-table with three columns dropped into it.
    await dropOnForm(page, 'table');
    await name(page, '作业人员', 'members');
    const tableCols = canvas(page).locator('.dz-table-cols');
    for (const [type, title, model] of [
      ['input', '姓名', 'member_name'],
      ['input_mobile', '手机号码', 'member_phone'],
      ['date', '证书有效期', 'cert_until'],
    ] as const) {
      await drag(page, paletteItem(page, type), tableCols);
      await name(page, title, model);
    }
    await expect(tableCols.locator('.dz-item')).toHaveCount(3);

    // Reorder: the date goes above the textarea.
    await drag(page, item(page, '受限空间进入日期'), item(page, '动火说明'));
    const order = await canvas(page).locator('.dz-root > .dz-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
    expect(order.indexOf('受限空间进入日期')).toBeLessThan(order.indexOf('动火说明'));

    // Keyboard: copy and paste a control, then delete the copy.
    await item(page, '监护人').click();
    await page.keyboard.press('ControlOrMeta+C');
    await page.keyboard.press('ControlOrMeta+V');
    await expect(item(page, '监护人1')).toBeVisible();
    await page.keyboard.press('Delete');
    await expect(canvas(page).locator('.dz-item[data-name="监护人1"]')).toHaveCount(0);

    // The select's options and the formula, through the JSON view (the formula builder and the
    // relatedList picker write the same JSON).
    const meta = JSON.parse(await exportJson(page, 'download')) as Meta;
    const select = byModel(meta, 'work_type');
    select.options.options = [
      { value: '动火作业', label: '动火作业', relatedList: [byModel(meta, 'fire_note').key] },
      { value: '受限空间作业', label: '受限空间作业', relatedList: [byModel(meta, 'space_date').key] },
    ];
    select.options.required = true;
    byModel(meta, 'total_hours').options.formula = { type: 'number', exp: ['${workers}', '*', '${hours}'], decimal: 1 };
    byModel(meta, 'work_name').options.required = true;
    const imported = await importJson(page, JSON.stringify(meta, null, 2));
    await expect(toast(page, '已导入表单设计')).toBeVisible();
    await expect(imported).toHaveCount(0);
    designJson = await exportJson(page);
    expect(JSON.parse(designJson)).toEqual(meta);

    await page.screenshot({ path: `${SCREENS}/designer.png` });
  });

  test('设计有误时在设计器中被拒绝，并指出控件', async ({ page }) => {
    await loginAsAdmin(page);
    await openDesigner(page, formId);
    // The design was never published: the designer starts empty; bring it back through JSON.
    const d = await importJson(page, designJson);
    await expect(d).toHaveCount(0);

    // A duplicate model, an SQL keyword, a system column: each is named on the spot.
    await item(page, '每人工时').click();
    const model = rightPane(page).getByLabel('字段标识');
    await model.fill('workers');
    await expect(item(page, '每人工时').locator('.dz-errors')).toContainText('控件“每人工时”的字段名 workers 与控件“作业人数”重复');
    await model.fill('select');
    await expect(item(page, '每人工时').locator('.dz-errors')).toContainText('控件“每人工时”的字段名 select 是SQL关键字');
    await model.fill('create_time');
    await expect(item(page, '每人工时').locator('.dz-errors')).toContainText('是系统保留字段');
    // The formula now points at a field that is gone as well: two problems, 发布 names the first.
    await expect(page.getByTestId('design-problems')).toHaveText('2 个设计问题');
    await page.getByRole('button', { name: '发布' }).click();
    await expect(toast(page, '控件“总工时”的计算公式引用的字段 hours 不存在')).toBeVisible();
    await expect(dialog(page, '发布表单设计')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS}/designer-refused.png` });

    await item(page, '每人工时').click();
    await model.fill('hours');
    await expect(canvas(page).locator('.dz-errors')).toHaveCount(0);

    // Bad JSON and a bad design are refused by the import too.
    const bad = await importJson(page, '{"list": [');
    await expect(toast(page, 'json代码有误')).toBeVisible();
    await button(bad, '关闭').click();
    const dup = JSON.parse(designJson) as Meta;
    byModel(dup, 'hours').model = 'workers';
    const refused = await importJson(page, JSON.stringify(dup));
    await expect(refused.getByRole('alert')).toContainText('控件“每人工时”的字段名 workers 与控件“作业人数”重复');
    await button(refused, '关闭').click();

    // The server refuses the same design, naming the control.
    const twice = JSON.parse(designJson) as Meta;
    byModel(twice, 'work_name').model = 'workers';
    const server = await page.request.post('/api/form/saveformdesign', { data: { formId, formMeta: twice }, headers: HEADERS });
    expect(server.status()).toBe(400);
    expect((await server.json()).errMsg).toBe('控件“作业人数”的字段名 workers 与控件“作业名称”重复');
  });

  test('预览新增、编辑、详情；发布前显示表结构变化；发布后创建菜单', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    await openDesigner(page, formId);
    await importJson(page, designJson);
    await expect(item(page, '作业名称')).toBeVisible();

    // 预览: the runtime renderer, with the select showing and hiding its controls.
    await page.getByRole('button', { name: '预览' }).click();
    const p = dialog(page, /^预览/);
    await expect(field(p, 'work_name')).toBeVisible();
    await expect(field(p, 'fire_note')).toHaveCount(0);
    await expect(field(p, 'space_date')).toHaveCount(0);
    await field(p, 'work_type').locator('.ant-select').click();
    await chooseOption(page, '动火作业');
    await expect(field(p, 'fire_note')).toBeVisible();
    await expect(field(p, 'space_date')).toHaveCount(0);
    await field(p, 'work_type').locator('.ant-select').click();
    await chooseOption(page, '受限空间作业');
    await expect(field(p, 'space_date')).toBeVisible();
    await expect(field(p, 'fire_note')).toHaveCount(0);
    await field(p, 'work_name').locator('input').fill('储罐区动火');
    await field(p, 'workers').locator('input').fill('4');
    await field(p, 'hours').locator('input').fill('2.5');
    await expect(field(p, 'total_hours').locator('input')).toHaveValue('10');
    await expect(p.getByRole('tab', { name: '作业人员' })).toBeVisible();
    await p.getByRole('button', { name: '保存' }).first().click();
    await confirm(page, '确认保存吗？');
    await expect(toast(page, '校验通过')).toBeVisible();
    await p.getByRole('tab', { name: '详情' }).click();
    await expect(p.locator('.form-detail')).toContainText('储罐区动火');
    await p.getByRole('tab', { name: '编辑' }).click();
    await expect(field(p, 'work_name').locator('input')).toHaveValue('储罐区动火');
    await page.screenshot({ path: `${SCREENS}/designer-preview.png` });
    await p.locator('.ant-modal-close').click();
    await expect(p).toHaveCount(0);
    // Nothing was written by the preview.
    expect(await withDb(async (c) => (await c.query(`select to_regclass('form_${formId}') as t`)).rows[0].t)).toBeNull();

    // 发布: the columns to be added are listed first.
    const d = await publish(page, ['work_name', 'guardian_label', 'photos', 'member_phone'], []);
    await expect(d).toContainText(`将新建数据表：form_${formId}、form_${formId}__members`);
    await page.screenshot({ path: `${SCREENS}/designer-publish.png` });
    await d.getByRole('button', { name: '确认发布' }).click();
    await expect(toast(page, '发布成功')).toBeVisible();

    // The menu entry, under 业务表单.
    const m = dialog(page, '创建表单菜单');
    await expect(m).toBeVisible();
    await expect(m.getByLabel('菜单名称')).toHaveValue(formName);
    await m.getByLabel('上级菜单').fill('业务表单');
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: /^业务表单$/ }).click();
    await m.getByLabel('授权角色').click();
    await chooseOption(page, '园区管理员');
    await page.keyboard.press('Escape');
    await m.getByRole('button', { name: '创建菜单' }).click();
    await expect(toast(page, '菜单已创建')).toBeVisible();
    const menu = await withDb(async (c) =>
      (await c.query(`select id, component, parent_id from sys_menu where path = $1`, [`/form/list/${formId}`])).rows,
    );
    expect(menu).toHaveLength(1);
    expect(menu[0].component).toBe('FormCustom');
  });

  test('从新菜单打开列表页，新增一条记录', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    await page.getByTestId('top-bar').getByText('业务表单').hover();
    await page.getByRole('menuitem', { name: formName }).click();
    await expect(page).toHaveURL(new RegExp(`/form/list/${formId}$`));
    await page.getByRole('button', { name: '新增' }).first().click();
    const d = dialog(page, /^新增/);
    await expect(field(d, 'work_name')).toBeVisible();
    await field(d, 'work_name').locator('input').fill('二号储罐检修动火');
    await field(d, 'work_type').locator('.ant-select').click();
    await chooseOption(page, '动火作业');
    await field(d, 'fire_note').locator('textarea').fill('清罐后置换合格再动火');
    await field(d, 'workers').locator('input').fill('3');
    await field(d, 'hours').locator('input').fill('4');
    await expect(field(d, 'total_hours').locator('input')).toHaveValue('12');
    await d.getByRole('button', { name: '保存' }).first().click();
    await confirm(page, '确认保存吗？');
    await expect(toast(page, '保存成功')).toBeVisible();
    const row = await withDb(
      async (c) => (await c.query(`select * from form_${formId} order by id desc limit 1`)).rows[0] as Record<string, unknown>,
    );
    expect(row).toMatchObject({ work_name: '二号储罐检修动火', work_type: '动火作业', fire_note: '清罐后置换合格再动火' });
    expect(Number(row.total_hours)).toBe(12);
    recordId = String(row.id);
    await page.screenshot({ path: `${SCREENS}/designer-record-added.png` });
    // Closed, the list shows the new record.
    await d.locator('.form-editor-actions').getByRole('button', { name: '关闭' }).click();
    await expect(d).toHaveCount(0);
    await expect(page.getByRole('cell', { name: '二号储罐检修动火' })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/designer-record-listed.png` });
  });

  test('修改设计（删一个控件、加一个控件）再发布：旧记录仍可打开，数据仍在表中', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    await openDesigner(page, formId);
    await expect(page.getByText('已发布')).toBeVisible();
    await item(page, '动火说明').click();
    await page.keyboard.press('Delete');
    await expect(canvas(page).locator('.dz-item[data-name="动火说明"]')).toHaveCount(0);
    await dropOnForm(page, 'input_tel');
    await name(page, '应急电话', 'emergency_tel');
    const d = await publish(page, ['emergency_tel'], ['fire_note']);
    await expect(d.getByTestId('plan-kept')).toContainText('动火说明');
    await page.screenshot({ path: `${SCREENS}/designer-republish.png` });
    await d.getByRole('button', { name: '确认发布' }).click();
    await expect(toast(page, '发布成功')).toBeVisible();
    await dialog(page, '创建表单菜单').getByRole('button', { name: '暂不创建' }).click();

    const stored = await withDb(
      async (c) => (await c.query(`select fire_note, work_name, emergency_tel from form_${formId} where id = $1`, [recordId])).rows[0],
    );
    expect(stored).toEqual({ fire_note: '清罐后置换合格再动火', work_name: '二号储罐检修动火', emergency_tel: null });
    await page.goto(`${BASE}/form/detail/${formId}/${recordId}`);
    await expect(page.locator('.form-detail')).toContainText('二号储罐检修动火');
    await expect(page.locator('.form-detail')).toContainText('应急电话');
  });

  test('撤销与重做跨越十步恢复完全相同的JSON；导入到新表单得到相同的设计', async ({ page }) => {
    test.setTimeout(240_000);
    await loginAsAdmin(page);
    await openDesigner(page, formId);
    // Ten steps (adds, a drag, a copy, a delete), the JSON kept after each.
    const snapshots = [await exportJson(page)];
    const steps: Array<() => Promise<unknown>> = [
      ...['input', 'radio', 'switch', 'date', 'textarea'].map((type) => () => paletteItem(page, type).click()),
      () => drag(page, item(page, '开关1'), item(page, '单行文本1')),
      () => item(page, '单选框1').click().then(() => page.getByRole('button', { name: '复制控件' }).click()),
      () => page.keyboard.press('Delete'),
      () => paletteItem(page, 'slider').click(),
      () => paletteItem(page, 'checkbox').click(),
    ];
    for (const step of steps) {
      await step();
      snapshots.push(await exportJson(page));
      expect(snapshots.at(-1)).not.toBe(snapshots.at(-2));
    }
    for (let i = 10; i > 0; i--) {
      await page.keyboard.press('ControlOrMeta+Z');
      expect(await exportJson(page)).toBe(snapshots[i - 1]);
    }
    await expect(page.getByRole('button', { name: '撤销' })).toBeDisabled();
    for (let i = 1; i <= 10; i++) {
      await page.keyboard.press('ControlOrMeta+Y');
      expect(await exportJson(page)).toBe(snapshots[i]);
    }
    await expect(page.getByRole('button', { name: '重做' })).toBeDisabled();

    // The published design, imported into a new form and published there, is the same design.
    for (let i = 0; i < 10; i++) await page.getByRole('button', { name: '撤销' }).click();
    const published = await exportJson(page);
    const copyId = await newForm(page, `${formName}-副本`);
    await openDesigner(page, copyId);
    await importJson(page, published);
    await expect(item(page, '作业名称')).toBeVisible();
    const d = await publish(page, ['work_name', 'emergency_tel'], []);
    await d.getByRole('button', { name: '确认发布' }).click();
    await expect(toast(page, '发布成功')).toBeVisible();
    const a = await (await page.request.get(`/api/form/design/${formId}`)).json();
    const b = await (await page.request.get(`/api/form/design/${copyId}`)).json();
    expect(b.formMeta).toEqual(a.formMeta);
  });
});
