import { expect, test, type Page } from '@playwright/test';
import {
  HAZMAT_CATALOG_FORM_NAME,
  HAZMAT_VEHICLE_FORM_NAME,
  hazmatVehicleMeta,
} from '../../packages/core/src/form/demoForms.ts';
import { jpeg, pdf, png } from '../../apps/server/test/sampleFiles.ts';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import {
  button,
  chooseOption,
  confirm,
  createForm,
  dialog,
  drawOn,
  field,
  formIdByName,
  toast,
  typeDate,
} from '../support/forms.ts';

/*
 * The form runtime (issue 7) in Chromium, on the demo form 危化品车辆入园登记 (every control type,
 * two sub-tables). Each test works on its own copy of the design, created through the API, so
 * tests never share records.
 */

const SCREENS = 'test-results/screens';

async function freshVehicleForm(page: Page, label: string): Promise<number> {
  const catalogId = await formIdByName(page.request, HAZMAT_CATALOG_FORM_NAME);
  return createForm(
    page.request,
    `${HAZMAT_VEHICLE_FORM_NAME}-${label}-${Date.now()}`,
    hazmatVehicleMeta(catalogId),
  );
}

async function openAdd(page: Page, formId: number) {
  await page.goto(`${BASE}/full/custom/${formId}`);
  await expect(field(page, 'plate_no')).toBeVisible();
}

async function recordCount(formId: number): Promise<number> {
  return withDb(async (c) =>
    Number((await c.query(`select count(*)::int as n from form_${formId}`)).rows[0].n),
  );
}

async function lastRecord(formId: number): Promise<Record<string, unknown>> {
  return withDb(
    async (c) => (await c.query(`select * from form_${formId} order by id desc limit 1`)).rows[0],
  );
}

async function save(page: Page) {
  await page.getByRole('button', { name: '保存' }).click();
  await confirm(page, '确认保存吗？');
  await expect(toast(page, '保存成功')).toBeVisible();
}

/** Ticks tree nodes in the open picker dialog and confirms. */
async function pickInTree(page: Page, title: string, labels: string[]) {
  const d = dialog(page, title);
  await expect(d).toBeVisible();
  for (const label of labels)
    await d
      .locator('.ant-tree-treenode')
      .filter({ hasText: label })
      .first()
      .locator('.ant-tree-checkbox')
      .click();
  await d.getByRole('button', { name: '确定' }).click();
  await expect(d).toHaveCount(0);
}

/** Ticks table rows (by a cell's text) in the open picker dialog and confirms. */
async function pickInTable(page: Page, title: string, cells: string[]) {
  const d = dialog(page, title);
  await expect(d).toBeVisible();
  for (const cell of cells) {
    // Earlier specs on the shared server add users: look the person up rather than hope for page 1.
    const row = d.locator('.ant-table-row').filter({ hasText: cell }).first();
    await expect(d.locator('.ant-table-row, .ant-empty').first()).toBeVisible();
    const search = d.getByRole('searchbox', { name: '请输入关键字' });
    if ((await row.count()) === 0 && (await search.count()) > 0) {
      await search.fill(cell);
      await d.getByRole('button', { name: '查询' }).click();
    }
    await expect(row).toBeVisible();
    await row.locator('.ant-checkbox-input').check();
  }
  await d.getByRole('button', { name: '确定' }).click();
  await expect(d).toHaveCount(0);
}

test.describe('表单运行时', () => {
  test('演示表单可从菜单进入，新增对话框为全屏并显示子表页签', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByTestId('top-bar').getByText('业务表单').hover();
    await page.getByRole('menuitem', { name: HAZMAT_VEHICLE_FORM_NAME }).click();
    await expect(page).toHaveURL(/\/form\/list\/\d+$/);
    await page.getByRole('button', { name: '新增' }).click();
    const d = dialog(page, `新增 - ${HAZMAT_VEHICLE_FORM_NAME}`);
    await expect(d).toBeVisible();
    await expect(field(d, 'plate_no')).toBeVisible();
    await expect(d.getByRole('tab', { name: '装载明细' })).toBeVisible();
    await expect(d.getByRole('tab', { name: '入园检查' })).toBeVisible();
    // The current user and today's date are filled in by default.
    await expect(d.getByLabel('登记人')).toHaveValue('系统管理员');
    await expect(d.getByLabel('入园日期')).not.toHaveValue('');
    await page.screenshot({ path: `${SCREENS}/form-add-dialog.png` });
    await d.locator('.form-editor-actions').getByRole('button', { name: '关闭' }).click();
    await expect(d).toHaveCount(0);
  });

  test('填写每一种控件并保存，再以编辑和详情方式打开，值都在', async ({ page }) => {
    test.setTimeout(180_000);
    await loginAsAdmin(page);
    const formId = await freshVehicleForm(page, '全部控件');
    await openAdd(page, formId);

    // Text inputs and choices
    await page.getByLabel('车牌号码').fill('皖A12345');
    await page.getByLabel('车辆类型').click();
    await chooseOption(page, '罐式货车');
    await field(page, 'hazard_types').getByText('易燃液体').click();
    await field(page, 'hazard_types').getByText('腐蚀品').click();
    await page.getByLabel('押运员姓名').fill('张押运');
    await page.getByLabel('随车证件').click();
    await chooseOption(page, '道路运输证');
    await chooseOption(page, '驾驶证');
    await page.keyboard.press('Escape');
    await field(page, 'loaded').getByRole('switch').click();
    await expect(field(page, 'loaded')).toContainText('空车');
    await page.getByLabel('罐体充装率(%)').fill('85');
    await page.getByLabel('核定载重(吨)').fill('30');
    await page.getByLabel('实际装载(吨)').fill('12.5');
    await expect(page.getByLabel('剩余载重(吨)')).toHaveValue('17.5');
    await page.getByLabel('随车人数').fill('2');
    await page.getByLabel('车轴数').fill('3');
    await page.getByLabel('电子运单号').fill('9007199254740993123');
    await page.getByLabel('驾驶员手机').fill('13800138000');
    await page.getByLabel('企业电话').fill('0551-12345678');
    await page.getByLabel('联系邮箱').fill('safety@park.cn');
    await page.getByLabel('邮政编码').fill('230000');
    await page.getByLabel('企业网址').fill('https://park.example.cn');
    await page.getByLabel('备注').fill('第一行\n第二行');

    // Dates and times, typed as a person would into the pickers
    await typeDate(page, page.getByLabel('入园日期'), '2026-11-25');
    await typeDate(page, page.getByLabel('预计到达'), '08:30:00');
    await typeDate(page, page.getByLabel('登记时间'), '2026-11-25 07:45:00');
    await typeDate(page, page.getByLabel('出厂年份'), '2020');
    await typeDate(page, page.getByLabel('年检月份'), '06');
    await typeDate(page, page.getByLabel('证件有效期'), '2027-06');

    // Cascade and the region tree from the server
    await page.getByLabel('装卸区域').click();
    await page.locator('.ant-cascader-menu-item').filter({ hasText: '东区' }).click();
    await page.locator('.ant-cascader-menu-item').filter({ hasText: '1号罐区' }).click();
    await expect(field(page, 'unload_area')).toContainText('东区 / 1号罐区');
    await page.getByLabel('车籍所在地').click();
    await page.locator('.ant-cascader-menu-item').filter({ hasText: '安徽省' }).click();
    await page.locator('.ant-cascader-menu-item').filter({ hasText: '合肥市' }).click();
    await page.locator('.ant-cascader-menu-item').filter({ hasText: '蜀山区' }).click();
    await expect(field(page, 'plate_region')).toContainText('安徽省 / 合肥市 / 蜀山区');

    // The map: a click on the (tile-less) map sets the coordinates, with a radius
    await field(page, 'park_position').getByRole('button', { name: '地图定位' }).click();
    const map = dialog(page, '地图定位');
    await expect(map).toBeVisible();
    await map.getByTestId('gis-map').click({ position: { x: 300, y: 200 } });
    await expect(map.getByText(/纬度：\d+\.\d+/)).toBeVisible();
    await map.getByLabel('范围(米)').fill('500');
    await map.getByLabel('详细地址').fill('园区东门停车场');
    await page.screenshot({ path: `${SCREENS}/form-map-dialog.png` });
    await map.getByRole('button', { name: '确定' }).click();
    await expect(map).toHaveCount(0);
    await expect(field(page, 'park_position').getByLabel('纬度')).not.toHaveValue('');
    await expect(field(page, 'park_position').getByLabel('详细地址')).toHaveValue('园区东门停车场');

    // Pickers: organisation tree, user table, company table, role tree, dictionary tree
    await page.getByRole('button', { name: '选择受理部门' }).click();
    await pickInTree(page, '受理部门', ['安全监管科']);
    await expect(page.getByRole('textbox', { name: '受理部门' })).toHaveValue('安全监管科');
    await page.getByRole('button', { name: '选择审核人' }).click();
    await pickInTable(page, '审核人', ['系统管理员']);
    await expect(page.getByRole('textbox', { name: '审核人' })).toHaveValue('系统管理员');
    await page.getByRole('button', { name: '选择承运企业' }).click();
    await pickInTable(page, '承运企业', ['华中危化品储运有限公司']);
    await page.getByRole('button', { name: '选择通知角色' }).click();
    await pickInTree(page, '通知角色', ['园区管理员']);
    await page.getByRole('button', { name: '选择风险等级' }).click();
    await pickInTree(page, '风险等级', ['较大风险']);
    await expect(page.getByRole('textbox', { name: '风险等级' })).toHaveValue('较大风险');

    // Data picker from the catalogue; maps copies the UN number into another field
    await page.getByRole('button', { name: '选择主要货物' }).click();
    await pickInTable(page, '主要货物', ['甲醇']);
    await expect(page.getByRole('textbox', { name: '主要货物' }).first()).toHaveValue('甲醇');
    await expect(page.getByLabel('主要货物UN号')).toHaveValue('1230');

    // Multi pickers
    await page.getByRole('button', { name: '选择抄送部门' }).click();
    await pickInTree(page, '抄送部门', ['应急管理办', '环境保护科']);
    await page.getByRole('button', { name: '选择陪同人员' }).click();
    await pickInTable(page, '陪同人员', ['系统管理员']);
    await page.getByRole('button', { name: '选择收货企业' }).click();
    await pickInTable(page, '收货企业', ['示例化工有限公司']);
    await page.getByRole('button', { name: '选择可见角色' }).click();
    await pickInTree(page, '可见角色', ['园区管理员', '企业用户']);
    await page.getByRole('button', { name: '选择化学品分类' }).click();
    await pickInTree(page, '化学品分类', ['易燃液体']);
    await page.getByRole('button', { name: '选择其他货物' }).click();
    await pickInTable(page, '其他货物', ['乙醇', '液氯']);
    await page.getByRole('button', { name: '选择安全技术说明书' }).click();
    await pickInTable(page, '安全技术说明书', ['硫酸']);
    await expect(field(page, 'msds_ref')).toContainText('硫酸');

    // Signature: drawn on the pad, uploaded as a png
    await field(page, 'driver_sign').getByRole('button', { name: '点击签名' }).click();
    const pad = dialog(page, '驾驶员签名');
    // The dialog's module (with the pad's library) is loaded on demand: wait for it to open.
    await expect(pad).toBeVisible();
    // Drawn again if the pad took none of the strokes (seen now and then under CI load: the pad
    // stayed empty and 确定 answered 请先签名); the upload itself has its own 20 s.
    await expect(async () => {
      if ((await pad.count()) === 0) return;
      await drawOn(page, pad.getByTestId('signature-pad'));
      await pad.getByRole('button', { name: '确定' }).click();
      const empty = page.locator('.ant-message').getByText('请先签名');
      for (let waited = 0; waited < 20_000; waited += 100) {
        if ((await pad.count()) === 0) return;
        if ((await empty.count()) > 0) throw new Error('the pad took no strokes');
        await page.waitForTimeout(100);
      }
      throw new Error('the signature was not saved within 20 s');
    }).toPass({ timeout: 45_000 });
    await expect(field(page, 'driver_sign').getByRole('img', { name: '签名' })).toBeVisible();

    // An image and a file
    await field(page, 'vehicle_photos')
      .locator('input[type=file]')
      .setInputFiles({ name: '车头.png', mimeType: 'image/png', buffer: png() });
    await expect(field(page, 'vehicle_photos').getByRole('img', { name: '图片1' })).toBeVisible();
    await field(page, 'documents_files')
      .locator('input[type=file]')
      .setInputFiles({ name: '运单.pdf', mimeType: 'application/pdf', buffer: pdf('waybill') });
    await expect(field(page, 'documents_files').getByTitle('运单.pdf')).toBeVisible();

    await page.screenshot({ path: `${SCREENS}/form-filled.png`, fullPage: true });
    await save(page);
    // With sub-tables the page stays, the parent locked, for the rows.
    await expect(page.getByText('主表数据已保存，请继续填写子表数据')).toBeVisible();
    await expect(page.getByRole('button', { name: '保存' })).toBeDisabled();

    const stored = await lastRecord(formId);
    const id = String(stored.id);
    expect(stored).toMatchObject({
      plate_no: '皖A12345',
      vehicle_type: '罐式货车',
      cargo_kind: '危险化学品',
      hazard_types: '易燃液体,腐蚀品',
      need_escort: '是',
      escort_name: '张押运',
      documents: '道路运输证,驾驶证',
      loaded: '1',
      fill_rate: '85',
      rated_load: '30',
      actual_load: '12.5',
      spare_load: '17.5',
      crew_count: '2',
      axle_count: '3',
      waybill_no: '9007199254740993123',
      driver_mobile: '13800138000',
      entry_date: '2026-11-25',
      arrive_time: '08:30:00',
      register_time: '2026-11-25 07:45:00',
      made_year: '2020',
      check_month: '06',
      valid_until: '2027-06',
      unload_area: 'east,e1',
      province: '安徽省',
      province_code: '340000',
      city: '合肥市',
      area: '蜀山区',
      address: '园区东门停车场',
      position_scope: '500',
      registrar_label: '系统管理员',
      accept_org_label: '安全监管科',
      reviewer_label: '系统管理员',
      carrier_label: '华中危化品储运有限公司',
      notify_role_label: '园区管理员',
      risk_level_label: '较大风险',
      main_goods_label: '甲醇',
      main_goods_un: '1230',
      remark: '第一行\n第二行',
    });
    expect(stored.cargo_note).toBeNull();
    expect(
      JSON.parse(String(stored.cc_orgs))
        .map((i: { v: string }) => i.v)
        .sort(),
    ).toEqual(['应急管理办', '环境保护科'].sort());
    expect(JSON.parse(String(stored.msds_ref))).toMatchObject([{ v: '硫酸' }]);
    expect(String(stored.lat)).toMatch(/^\d+\.\d+$/);
    expect(String(stored.driver_sign)).toMatch(/^\d+$/);
    expect(String(stored.vehicle_photos)).toMatch(/^\d+$/);
    expect(String(stored.documents_files)).toMatch(/^\d+$/);

    // A sub-table row through the child dialog
    await page.getByRole('tab', { name: '装载明细' }).click();
    await button(page.locator('.sub-table[data-subkey="goods_items"]'), '新增').click();
    const child = dialog(page, '新增装载明细');
    await child.getByLabel('品名').fill('甲醇');
    await child.getByLabel('UN编号').fill('1230');
    await child.getByLabel('数量(吨)').fill('12.5');
    await child.getByRole('button', { name: '确定' }).click();
    await confirm(page, '确认新增数据吗？');
    await expect(toast(page, '新增成功')).toBeVisible();
    await expect(page.locator('.sub-table[data-subkey="goods_items"] .ant-table-row')).toHaveCount(1);

    // Edit mode: every value is shown back
    await page.goto(`${BASE}/form/list/${formId}`);
    await page.locator('.list-page .ant-table-row').filter({ hasText: '皖A12345' }).getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, /^编辑/);
    await expect(edit.getByLabel('车牌号码')).toHaveValue('皖A12345');
    await expect(field(edit, 'vehicle_type')).toContainText('罐式货车');
    await expect(field(edit, 'hazard_types').getByRole('checkbox', { name: '易燃液体' })).toBeChecked();
    await expect(field(edit, 'documents')).toContainText('道路运输证');
    await expect(field(edit, 'loaded')).toContainText('空车');
    await expect(edit.getByLabel('剩余载重(吨)')).toHaveValue('17.5');
    await expect(edit.getByLabel('电子运单号')).toHaveValue('9007199254740993123');
    await expect(edit.getByLabel('入园日期')).toHaveValue('2026-11-25');
    await expect(edit.getByLabel('预计到达')).toHaveValue('08:30:00');
    await expect(edit.getByLabel('年检月份')).toHaveValue('06');
    await expect(field(edit, 'unload_area')).toContainText('东区 / 1号罐区');
    await expect(field(edit, 'plate_region')).toContainText('安徽省 / 合肥市 / 蜀山区');
    await expect(field(edit, 'park_position').getByLabel('详细地址')).toHaveValue('园区东门停车场');
    await expect(edit.getByRole('textbox', { name: '受理部门' })).toHaveValue('安全监管科');
    await expect(field(edit, 'cc_orgs')).toContainText('应急管理办');
    await expect(field(edit, 'msds_ref')).toContainText('硫酸');
    await expect(field(edit, 'driver_sign').getByRole('img', { name: '签名' })).toBeVisible();
    await expect(field(edit, 'vehicle_photos').getByRole('img', { name: '图片1' })).toBeVisible();
    await expect(field(edit, 'documents_files').getByText('运单.pdf')).toBeVisible();
    await expect(edit.locator('.sub-table[data-subkey="goods_items"] .ant-table-row')).toHaveCount(1);
    await page.screenshot({ path: `${SCREENS}/form-edit-dialog.png` });
    await edit.getByLabel('押运员姓名').fill('李押运');
    await edit.getByRole('button', { name: '保存' }).click();
    await confirm(page, '确认保存吗？');
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(edit).toHaveCount(0);
    expect((await lastRecord(formId)).escort_name).toBe('李押运');

    // Detail view: read-only, images in the viewer, sub-tables as tabs
    await page.goto(`${BASE}/form/detail/${formId}/${id}`);
    const detail = page.locator('.form-detail');
    await expect(field(detail, 'plate_no')).toContainText('皖A12345');
    await expect(field(detail, 'hazard_types')).toContainText('易燃液体，腐蚀品');
    await expect(field(detail, 'loaded')).toContainText('空车');
    await expect(field(detail, 'plate_region')).toContainText('安徽省 / 合肥市 / 蜀山区');
    await expect(field(detail, 'park_position')).toContainText('园区东门停车场');
    await expect(field(detail, 'escort_name')).toContainText('李押运');
    await expect(field(detail, 'documents_files')).toContainText('运单.pdf');
    await expect(detail.getByRole('textbox')).toHaveCount(0);
    await expect(detail.getByRole('tab', { name: '装载明细' })).toBeVisible();
    await expect(detail.getByRole('button', { name: '批量新增' })).toHaveCount(0);
    await expect(detail.locator('.sub-table[data-subkey="goods_items"]')).toContainText('甲醇');
    await page.screenshot({ path: `${SCREENS}/form-detail.png`, fullPage: true });
    await field(detail, 'vehicle_photos').getByRole('button', { name: '预览图片' }).click({ force: true });
    await expect(page.locator('.ant-image-preview')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/form-image-viewer.png` });
    await page.keyboard.press('Escape');

    // The single-sub-table detail view
    await page.goto(`${BASE}/form/detail/${formId}/${id}/goods_items`);
    await expect(page.locator('.sub-table[data-subkey="goods_items"]')).toContainText('甲醇');
    await expect(page.locator('.sub-table[data-subkey="entry_checks"]')).toHaveCount(0);
    await expect(page.locator('.form-field')).toHaveCount(0);
  });

  test('条件显示随选择递归显示和隐藏', async ({ page }) => {
    await loginAsAdmin(page);
    const formId = await freshVehicleForm(page, '条件显示');
    await openAdd(page, formId);
    await expect(field(page, 'hazard_types')).toBeVisible();
    await expect(field(page, 'escort_name')).toBeVisible();
    await expect(field(page, 'cargo_note')).toHaveCount(0);

    await field(page, 'need_escort').getByText('否', { exact: true }).click();
    await expect(field(page, 'escort_name')).toHaveCount(0);
    await field(page, 'need_escort').getByText('是', { exact: true }).click();
    await expect(field(page, 'escort_name')).toBeVisible();

    // 普通货物 hides 危险类别 and 是否押运, and with it, recursively, 押运员姓名.
    await field(page, 'cargo_kind').getByText('普通货物').click();
    await expect(field(page, 'hazard_types')).toHaveCount(0);
    await expect(field(page, 'need_escort')).toHaveCount(0);
    await expect(field(page, 'escort_name')).toHaveCount(0);
    await expect(field(page, 'cargo_note')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/form-conditional.png` });

    await field(page, 'cargo_kind').getByText('危险化学品').click();
    await expect(field(page, 'need_escort')).toBeVisible();
    await expect(field(page, 'escort_name')).toBeVisible();
    await expect(field(page, 'cargo_note')).toHaveCount(0);
  });

  test('计算字段随输入更新，输入清空时结果清空', async ({ page }) => {
    await loginAsAdmin(page);
    const formId = await freshVehicleForm(page, '计算');
    await openAdd(page, formId);
    const result = page.getByLabel('剩余载重(吨)');
    await page.getByLabel('核定载重(吨)').fill('40');
    await expect(result).toHaveValue('');
    await page.getByLabel('实际装载(吨)').fill('15.25');
    await expect(result).toHaveValue('24.75');
    await page.getByLabel('实际装载(吨)').fill('40');
    await expect(result).toHaveValue('0');
    await page.getByLabel('实际装载(吨)').fill('');
    await expect(result).toHaveValue('');
  });

  test('必填、格式与数值范围错误显示规范提示，且不保存', async ({ page }) => {
    await loginAsAdmin(page);
    const formId = await freshVehicleForm(page, '校验');
    await openAdd(page, formId);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '表单数据校验失败')).toBeVisible();
    await expect(field(page, 'plate_no')).toContainText('请输入车牌号码');
    await expect(field(page, 'vehicle_type')).toContainText('请选择车辆类型');
    await expect(field(page, 'rated_load')).toContainText('请输入核定载重(吨)');
    await expect(field(page, 'driver_mobile')).toContainText('请输入驾驶员手机');

    await page.getByLabel('车牌号码').fill('12345');
    await page.getByLabel('驾驶员手机').fill('12800138000');
    await page.getByLabel('企业电话').fill('12345');
    await page.getByLabel('企业电话').blur();
    await page.getByLabel('核定载重(吨)').fill('200');
    await page.getByLabel('随车人数').fill('9');
    await page.getByLabel('随车人数').blur();
    await expect(field(page, 'plate_no')).toContainText('车牌号码格式不正确');
    await expect(field(page, 'driver_mobile')).toContainText('驾驶员手机格式不匹配');
    await expect(field(page, 'company_tel')).toContainText('企业电话格式不匹配');
    await expect(field(page, 'rated_load')).toContainText('请输入0到100之间的数字');
    await expect(field(page, 'crew_count')).toContainText('请输入1到5之间的数字');
    await page.screenshot({ path: `${SCREENS}/form-validation.png` });
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
    expect(await recordCount(formId)).toBe(0);

    // Corrected, the same values pass.
    await page.getByLabel('车牌号码').fill('皖B54321');
    await expect(field(page, 'plate_no')).not.toContainText('格式不正确');
    await page.getByLabel('驾驶员手机').fill('13912345678');
    await expect(field(page, 'driver_mobile')).not.toContainText('格式不匹配');
  });

  test('图片与附件上传：类型、数量、大小限制与文件操作提示', async ({ page }) => {
    await loginAsAdmin(page);
    const formId = await freshVehicleForm(page, '上传');
    await openAdd(page, formId);
    const photos = field(page, 'vehicle_photos');
    const files = field(page, 'documents_files');

    await photos
      .locator('input[type=file]')
      .setInputFiles({ name: '说明.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await expect(toast(page, '只能上传jpg/png文件')).toBeVisible();
    await photos
      .locator('input[type=file]')
      .setInputFiles({ name: '大图.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 10) });
    await expect(toast(page, '上传文件大小不能超过 5M')).toBeVisible();
    await photos.locator('input[type=file]').setInputFiles([
      { name: '1.png', mimeType: 'image/png', buffer: png([10, 20, 30]) },
      { name: '2.jpg', mimeType: 'image/jpeg', buffer: jpeg() },
      { name: '3.png', mimeType: 'image/png', buffer: png([200, 200, 30]) },
    ]);
    await expect(toast(page, '当前限制选择 2个文件，本次选择了 3 个文件，共选择了 3 个文件')).toBeVisible();
    await photos.locator('input[type=file]').setInputFiles([
      { name: '1.png', mimeType: 'image/png', buffer: png([10, 20, 30]) },
      { name: '2.jpg', mimeType: 'image/jpeg', buffer: jpeg() },
    ]);
    await expect(photos.locator('.image-thumb img')).toHaveCount(2);
    // At the limit the add tile is gone.
    await expect(photos.getByRole('button', { name: '上传图片' })).toHaveCount(0);
    await photos.getByRole('button', { name: '预览图片' }).first().click({ force: true });
    await expect(page.locator('.ant-image-preview')).toBeVisible();
    await page.keyboard.press('Escape');
    await photos.getByRole('button', { name: '删除图片' }).first().click({ force: true });
    await expect(photos.locator('.image-thumb img')).toHaveCount(1);

    // File actions with nothing uploaded
    await files.getByRole('button', { name: '移除' }).click();
    await expect(toast(page, '请选择移除的文件')).toBeVisible();
    await files.getByRole('button', { name: '下载' }).click();
    await expect(toast(page, '下载失败,未上传任何文件')).toBeVisible();
    await files.getByRole('button', { name: '预览' }).click();
    await expect(toast(page, '预览失败,未上传任何文件')).toBeVisible();
    await files.getByRole('button', { name: '编辑' }).click();
    await expect(toast(page, '编辑失败,未上传任何文件')).toBeVisible();

    await files.locator('input[type=file]').setInputFiles([
      { name: '运单.pdf', mimeType: 'application/pdf', buffer: pdf('one') },
      { name: '照片.png', mimeType: 'image/png', buffer: png() },
    ]);
    await expect(files.getByRole('option')).toHaveCount(2);
    await files.locator('input[type=file]').setInputFiles([
      { name: 'a.pdf', mimeType: 'application/pdf', buffer: pdf('a') },
      { name: 'b.pdf', mimeType: 'application/pdf', buffer: pdf('b') },
    ]);
    await expect(toast(page, '当前限制选择 3个文件，本次选择了 2 个文件，共选择了 4 个文件')).toBeVisible();

    // Preview goes through the app-wide event; download answers with the bytes.
    const previewed = page.evaluate(
      () =>
        new Promise<{ fileId: string; suffix: string; originalName: string }>((resolve) =>
          window.addEventListener(
            'open-file-preview',
            (e) => {
              e.preventDefault();
              resolve((e as CustomEvent).detail);
            },
            { once: true },
          ),
        ),
    );
    await files.getByRole('option').filter({ hasText: '运单.pdf' }).click();
    await files.getByRole('button', { name: '预览' }).click();
    expect(await previewed).toMatchObject({ originalName: '运单.pdf', suffix: 'pdf' });
    // The app-wide preview dialog (issue 10) answers the same event.
    await expect(page.getByTestId('file-preview-title')).toHaveText('运单.pdf');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('file-preview-title')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await files.getByRole('button', { name: '下载' }).click();
    expect((await download).suggestedFilename()).toBe('运单.pdf');
    await page.screenshot({ path: `${SCREENS}/form-uploads.png` });
    await files.getByRole('button', { name: '移除' }).click();
    await expect(files.getByRole('option')).toHaveCount(1);
  });

  test('子表：主表保存前即可新增（随主表一并保存）；新增、批量新增、批量编辑、数据选择、批量删除', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    const formId = await freshVehicleForm(page, '子表');
    await openAdd(page, formId);
    const goods = page.locator('.sub-table[data-subkey="goods_items"]');

    // Issue 42: a plain form (no approval) takes rows before the parent is saved, as the approval
    // form does before 提交: kept in the page, nothing written, then saved with the parent.
    await button(goods, '新增').click();
    const early = dialog(page, '新增装载明细');
    await early.getByLabel('品名').fill('甲苯');
    await early.getByRole('button', { name: '确定' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await expect(goods.locator('.ant-table-row')).toContainText('甲苯');
    await expect(toast(page, '请先填写父表单数据并提交')).toHaveCount(0);
    expect(await recordCount(formId)).toBe(0);

    await page.getByLabel('车牌号码').fill('皖C11111');
    await page.getByLabel('车辆类型').click();
    await chooseOption(page, '厢式货车');
    await page.getByLabel('核定载重(吨)').fill('20');
    await page.getByLabel('驾驶员手机').fill('13900001111');
    await save(page);
    // Saved with the parent, in one call; the page stays for more rows.
    await expect(page.getByText('主表数据已保存，请继续填写子表数据')).toBeVisible();
    await expect(goods.locator('.ant-table-row')).toHaveCount(1);
    await expect(goods.locator('.ant-table-row')).toContainText('甲苯');

    // Batch add: rows are checked column by column before they are sent.
    await button(goods, '批量新增').click();
    const batch = dialog(page, '批量新增装载明细');
    await expect(batch).toBeVisible();
    await batch.getByRole('button', { name: '新增' }).click();
    const rows = batch.locator('.ant-table-row');
    await expect(rows).toHaveCount(2);
    await rows.nth(0).locator('input').nth(0).fill('液氯');
    await batch.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, /表单数据校验失败：装载明细第2行：请输入品名/)).toBeVisible();
    await expect(rows.nth(1)).toContainText('请输入品名');
    await rows.nth(1).locator('input').nth(0).fill('乙醇');
    await rows.nth(1).locator('input').nth(1).fill('1170');
    await page.screenshot({ path: `${SCREENS}/form-batch-grid.png` });
    await batch.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功')).toBeVisible();
    await expect(batch).toHaveCount(0);
    await expect(goods.locator('.ant-table-row')).toHaveCount(3);

    // Batch edit needs a selection.
    await button(goods, '批量编辑').click();
    await expect(toast(page, '请选择要编辑的数据')).toBeVisible();
    await goods.locator('.ant-table-row').filter({ hasText: '液氯' }).locator('.ant-checkbox-input').check();
    await button(goods, '批量编辑').click();
    const editGrid = dialog(page, '批量编辑装载明细');
    await expect(editGrid.getByRole('button', { name: '新增' })).toHaveCount(0);
    await editGrid.locator('.ant-table-row').first().locator('input').nth(1).fill('1017');
    await editGrid.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '修改成功')).toBeVisible();
    await expect(goods.locator('.ant-table-row').filter({ hasText: '液氯' })).toContainText('1017');

    // The edit link per row opens the child dialog titled 编辑 + the sub-table's name.
    await goods
      .locator('.ant-table-row')
      .filter({ hasText: '乙醇' })
      .getByRole('button', { name: '编辑' })
      .click();
    const child = dialog(page, '编辑装载明细');
    await expect(child.getByLabel('品名')).toHaveValue('乙醇');
    await child.getByLabel('数量(吨)').fill('8');
    await child.getByRole('button', { name: '确定' }).click();
    await confirm(page, '确认修改数据吗？');
    await expect(toast(page, '修改成功')).toBeVisible();

    // Data select: catalogue records, mapped onto the rows, finished in the batch grid.
    await button(goods, '数据选择').click();
    const chooser = dialog(page, '数据选择 - 装载明细');
    await expect(chooser.locator('.ant-table-row')).toHaveCount(6);
    await chooser.getByLabel('品名').fill('硫');
    await chooser.getByRole('button', { name: '查询' }).click();
    await expect(chooser.locator('.ant-table-row')).toHaveCount(1);
    await chooser.locator('.ant-table-row').first().locator('.ant-checkbox-input').check();
    await page.screenshot({ path: `${SCREENS}/form-data-chooser.png` });
    await chooser.getByRole('button', { name: '确定' }).click();
    const mapped = dialog(page, '批量新增装载明细');
    await expect(mapped.locator('.ant-table-row').first().locator('input').nth(0)).toHaveValue('硫酸');
    await expect(mapped.locator('.ant-table-row').first().locator('input').nth(1)).toHaveValue('1830');
    await mapped.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功')).toBeVisible();
    await expect(goods.locator('.ant-table-row')).toHaveCount(4);

    // Batch delete, with its warning and confirmation.
    await button(goods, '批量删除').click();
    await expect(toast(page, '请选择要删除的数据')).toBeVisible();
    await goods.locator('.ant-table-row').filter({ hasText: '硫酸' }).locator('.ant-checkbox-input').check();
    await button(goods, '批量删除').click();
    await confirm(page, '确认删除该记录吗？');
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(goods.locator('.ant-table-row')).toHaveCount(3);
    await page.screenshot({ path: `${SCREENS}/form-sub-table.png`, fullPage: true });

    const parent = await lastRecord(formId);
    const children = await withDb(
      async (c) =>
        (
          await c.query(
            `select goods_name, un_no, quantity from form_${formId}__goods_items where parent_id = $1 order by id`,
            [parent.id],
          )
        ).rows,
    );
    expect(children).toEqual([
      { goods_name: '甲苯', un_no: null, quantity: null },
      { goods_name: '液氯', un_no: '1017', quantity: null },
      { goods_name: '乙醇', un_no: '1170', quantity: '8' },
    ]);
  });
});
