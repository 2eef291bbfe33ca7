import crypto from 'node:crypto';
import { expect, test, type Browser, type APIRequestContext, type Page } from '@playwright/test';
import { BASE, loginAs, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { confirm, createForm, dialog, field, toast } from '../support/forms.ts';

/*
 * Enterprise self-registration and company administration (issue 6) in Chromium, against the
 * one shared server: organisation codes carry a per-run suffix.
 */

const SCREENS = 'test-results/screens';
const RUN = Date.now().toString(36).slice(-6).toUpperCase().padStart(6, '0');
const APPROVED_CODE = `91340500MA2E${RUN}`;
const REJECTED_CODE = `91340500MA2J${RUN}`;
const PASSWORD = 'Reg@2026x';
const COMPANY_NAME = `马鞍山绿源精细化工有限公司${RUN}`;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

const byId = (page: Page, id: string) => page.locator(`#${id}`);
/** The error under a form field, by the field's id (not one animating away). */
const ERROR = '.ant-form-item-explain-error:not([class*="-leave"])';
const fieldError = (page: Page, id: string) => page.locator('.ant-form-item').filter({ has: page.locator(`#${id}`) }).locator(ERROR);

async function openRegister(page: Page) {
  await page.goto(`${BASE}/companyRegister`);
  await expect(page.getByRole('heading', { name: '企业注册' })).toBeVisible();
}

/** Chooses a path of names in a code tree dialog and confirms. */
async function pickTree(page: Page, title: string, names: string[]) {
  const d = dialog(page, title);
  await expect(d).toBeVisible();
  for (const name of names) {
    const node = d.locator('.ant-tree-node-content-wrapper').filter({ hasText: new RegExp(`^${name}$`) }).first();
    await expect(node).toBeVisible();
    await node.click();
  }
  await expect(d.getByText(`已选择：${names.join(' / ')}`)).toBeVisible();
  await d.getByRole('button', { name: '确定' }).click();
  await expect(d).toHaveCount(0);
}

async function chooseSelect(page: Page, id: string, option: string) {
  const item = page.locator('.ant-form-item').filter({ has: byId(page, id) });
  await expect(async () => {
    await byId(page, id).click();
    const choice = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
    await choice.click({ timeout: 2000 });
    await expect(item.locator('.ant-select-content, .ant-select-selection-item').first()).toHaveText(option, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/** Fills the whole page as a visitor would: both tree dialogs and the map dialog. */
async function fillRegistration(page: Page, code: string, name: string, screenshot?: string) {
  await byId(page, 'companyInfo_companyName').fill(name);
  await byId(page, 'companyInfo_companyCode').fill(code.toLowerCase());
  await expect(byId(page, 'companyInfo_companyCode')).toHaveValue(code);
  // The account is the organisation code (spec 000 §2): 用户名 follows it.
  await expect(byId(page, 'user_userName')).toHaveValue(code);

  await page.getByRole('button', { name: '选择行政区划' }).click();
  await pickTree(page, '行政区划', ['安徽省', '马鞍山市', '和县']);
  await expect(byId(page, 'companyInfo_administrativeAreaName')).toHaveValue('安徽省马鞍山市和县');

  await page.getByRole('button', { name: '地图定位' }).click();
  const map = dialog(page, '地图定位');
  await expect(map).toBeVisible();
  await map.getByTestId('gis-map').click({ position: { x: 320, y: 180 } });
  await expect(map.getByText(/纬度：\d+\.\d+/)).toBeVisible();
  await map.getByLabel('详细地址').fill('安徽和县化工园区纬三路16号');
  if (screenshot) await page.screenshot({ path: `${SCREENS}/${screenshot}-map.png` });
  await map.getByRole('button', { name: '确定' }).click();
  await expect(map).toHaveCount(0);
  await expect(byId(page, 'companyInfo_address')).toHaveValue('安徽和县化工园区纬三路16号');
  await expect(page.getByTestId('company-coordinates')).toContainText(/经纬度：\d+\.\d+, \d+\.\d+/);

  await page.getByRole('button', { name: '选择行业名称' }).click();
  await pickTree(page, '监管类型', ['危险化学品生产', '涉及重点监管危险化工工艺']);
  await expect(byId(page, 'companyInfo_industryName')).toHaveValue('涉及重点监管危险化工工艺');

  await chooseSelect(page, 'companyInfo_industyType', '化学原料和化学制品制造业');
  await chooseSelect(page, 'companyInfo_economicTypeCode', '有限责任公司');

  await byId(page, 'user_ps').fill(PASSWORD);
  await byId(page, 'user_ps1').fill(PASSWORD);
  await byId(page, 'user_realName').fill('陈安全');
  await page.locator('#user_sex').getByText('男').click();
  await byId(page, 'user_jobs').fill('安全环保部经理');
  await byId(page, 'user_phone').fill('13955512345');
  await byId(page, 'user_officePhone').fill('0555-5312345');
  await byId(page, 'user_email').fill('anquan@example.com');
}

async function submitRegistration(page: Page) {
  await page.getByRole('button', { name: '提交' }).click();
  await confirm(page, '确认提交注册信息吗？');
}

/** Seals a password as the browser does (RSA-OAEP, SHA-256), for registrations made through the API. */
async function seal(request: APIRequestContext, password: string): Promise<string> {
  const { publicKey } = (await (await request.get('/apc/publicKey')).json()) as { publicKey: string };
  const text = JSON.stringify({ p: password, t: Date.now(), n: crypto.randomBytes(16).toString('hex') });
  return crypto.publicEncrypt({ key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text)).toString('base64');
}

async function newSession(browser: Browser) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  return { context, page: await context.newPage() };
}

async function openCompanyManage(page: Page, tab: string, code: string) {
  await page.goto(`${BASE}/system/company`);
  await expect(page.locator('.list-page .ant-card-head-title').filter({ hasText: '企业管理' })).toBeVisible();
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.getByPlaceholder('企业名称或组织机构代码').fill(code);
  await page.getByPlaceholder('企业名称或组织机构代码').press('Enter');
  const row = page.locator('.ant-table-row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  return row;
}

async function loginError(page: Page, username: string, password = PASSWORD) {
  await loginAs(page, username, password);
  const alert = page.getByTestId('login-error');
  await expect(alert).toBeVisible();
  return alert;
}

test.describe.serial('企业注册与企业管理', () => {
  test('注册页：每个必填项失焦即提示，弱密码与两次密码不一致被拒绝', async ({ page }) => {
    await openRegister(page);
    await expect(page.getByTestId('register-instructions')).toContainText('审核时间最长为两个工作日');
    await expect(page.getByTestId('register-instructions')).toContainText('企业登录系统的账号为企业的组织机构代码');
    await expect(page.getByTestId('register-instructions')).toContainText('短信');
    await page.screenshot({ path: `${SCREENS}/company-register-empty.png`, fullPage: true });

    const required: Array<[string, string]> = [
      ['companyInfo_companyName', '请输入企业名称'],
      ['companyInfo_companyCode', '请输入组织机构代码'],
      ['companyInfo_administrativeAreaName', '请选择行政区划'],
      ['companyInfo_address', '请输入详细地址'],
      ['companyInfo_industryName', '请选择行业名称'],
      ['companyInfo_industyType', '请选择行业类别'],
      ['user_userName', '请输入用户名'],
      ['user_realName', '请输入真实姓名'],
      ['user_ps', '请输入密码'],
      ['user_ps1', '请再次输入密码'],
      ['user_jobs', '请输入职务'],
      ['user_phone', '请输入手机号码'],
    ];
    for (const [id, message] of required) {
      await expect(fieldError(page, id)).toHaveCount(0);
      await byId(page, id).focus();
      await byId(page, id).blur();
      await expect(fieldError(page, id), id).toHaveText(message);
    }
    // 性别: a radio group, checked when focus leaves it.
    await page.locator('#user_sex input[value="0"]').focus();
    await page.locator('#user_sex input[value="0"]').blur();
    await expect(fieldError(page, 'user_sex')).toHaveText('请选择性别');
    // Optional fields say nothing when left empty.
    for (const id of ['user_officePhone', 'user_email']) {
      await byId(page, id).focus();
      await byId(page, id).blur();
      await expect(fieldError(page, id)).toHaveCount(0);
    }
    await page.screenshot({ path: `${SCREENS}/company-register-required.png`, fullPage: true });

    // The platform password rule, in the browser.
    await byId(page, 'user_ps').fill('abc123');
    await byId(page, 'user_ps').blur();
    await expect(fieldError(page, 'user_ps')).toHaveText('密码至少6位，且必须包含数字、大写字母、小写字母和特殊字符');
    await byId(page, 'user_ps').fill(PASSWORD);
    await byId(page, 'user_ps').blur();
    await expect(fieldError(page, 'user_ps')).toHaveCount(0);
    await byId(page, 'user_ps1').fill(`${PASSWORD}1`);
    await byId(page, 'user_ps1').blur();
    await expect(fieldError(page, 'user_ps1')).toHaveText('两次输入的密码不一致,请重新输入');
    await byId(page, 'companyInfo_companyCode').fill('123');
    await byId(page, 'companyInfo_companyCode').blur();
    await expect(fieldError(page, 'companyInfo_companyCode')).toContainText('组织机构代码应为18位');
    await byId(page, 'user_phone').fill('1234');
    await byId(page, 'user_phone').blur();
    await expect(fieldError(page, 'user_phone')).toHaveText('请输入正确的手机号码');

    // Submitting an incomplete page asks nothing and sends nothing.
    let posted = false;
    page.on('request', (r) => {
      if (r.url().includes('/apc/company/companyRegistered')) posted = true;
    });
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
    expect(posted).toBe(false);
    await page.screenshot({ path: `${SCREENS}/company-register-invalid.png`, fullPage: true });
  });

  test('访客注册企业 → 待审核不能登录 → 管理员审核通过 → 企业登录，企业选择器锁定为本企业', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await openRegister(page);
    await fillRegistration(page, APPROVED_CODE, COMPANY_NAME, 'company-register');
    await page.screenshot({ path: `${SCREENS}/company-register-filled.png`, fullPage: true });
    await submitRegistration(page);
    const success = toast(page, '注册成功');
    await expect(success).toBeVisible();
    await expect(success).toContainText('成功');
    // Reset and sent to the site root, which for a visitor is the login page.
    await expect(page).toHaveURL(/\/closed-park-web\/login/);
    await page.screenshot({ path: `${SCREENS}/company-register-success.png` });

    const stored = await withDb(async (c) =>
      (
        await c.query(
          `select c.status, c.administrative_area_name, c.industry_name, c.economic_type_name, c.lat, u.username, u.user_type, u.real_name
             from sys_company c join sys_user u on u.company_id = c.id where c.company_code = $1`,
          [APPROVED_CODE],
        )
      ).rows,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      status: '0',
      administrative_area_name: '安徽省马鞍山市和县',
      industry_name: '涉及重点监管危险化工工艺',
      economic_type_name: '有限责任公司',
      username: APPROVED_CODE,
      user_type: 1,
      real_name: '陈安全',
    });
    expect(Number(stored[0].lat)).not.toBeNaN();

    // The company logs in and is told it awaits review.
    const pending = await loginError(page, APPROVED_CODE);
    await expect(pending).toContainText('待审核');
    await page.screenshot({ path: `${SCREENS}/company-login-pending.png` });

    // The administrator approves it in 企业管理.
    const admin = await newSession(browser);
    await loginAsAdmin(admin.page);
    const row = await openCompanyManage(admin.page, '待审核', APPROVED_CODE);
    await expect(row).toContainText(COMPANY_NAME);
    await expect(row).toContainText('陈安全 13955512345');
    await expect(row.getByRole('button', { name: '作废' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: '用户管理' })).toHaveCount(0);
    await admin.page.screenshot({ path: `${SCREENS}/company-manage-pending.png` });
    await row.getByRole('button', { name: '通过', exact: true }).click();
    await confirm(admin.page, '确认审核通过该企业吗？');
    await expect(toast(admin.page, '审核通过')).toBeVisible();
    await expect(admin.page.locator('.ant-table-row').filter({ hasText: APPROVED_CODE })).toHaveCount(0);
    const approvedRow = await openCompanyManage(admin.page, '审核通过', APPROVED_CODE);
    await expect(approvedRow.getByRole('button', { name: '通过', exact: true })).toHaveCount(0);
    await expect(approvedRow.getByRole('button', { name: '作废' })).toBeVisible();
    await admin.page.screenshot({ path: `${SCREENS}/company-manage-approved.png` });

    // The SMS (built-in sender: logged) and the in-app message went to the company administrator.
    const notified = await withDb(async (c) => ({
      sms: (await c.query(`select template, phone from sys_sms_log l join sys_company co on co.id = l.company_id where co.company_code = $1`, [APPROVED_CODE])).rows,
      msg: (await c.query(`select m.title from msg_message m join sys_user u on u.id = m.receiver_id where u.username = $1`, [APPROVED_CODE])).rows,
    }));
    expect(notified.sms).toEqual([{ template: 'company_approved', phone: '13955512345' }]);
    expect(notified.msg).toEqual([{ title: '企业注册审核通过' }]);

    // User management of the approved company lists its administrator.
    await approvedRow.getByRole('button', { name: '用户管理' }).click();
    const users = dialog(admin.page, `企业用户 — ${COMPANY_NAME}`);
    await expect(users.locator('.ant-table-row').filter({ hasText: APPROVED_CODE })).toContainText('企业管理员');
    await admin.page.screenshot({ path: `${SCREENS}/company-users.png` });
    await users.locator('.ant-modal-close').click();

    // A small form with a company picker, made by the administrator through the API.
    const formId = await createForm(admin.page.request, `企业选择测试-${RUN}`, {
      list: [
        { type: 'input', key: 'title', name: '标题', model: 'title', options: { width: '100%' }, rules: [] },
        {
          type: 'company_select',
          key: 'company',
          name: '所属企业',
          model: 'company',
          label_model: 'company_label',
          options: { width: '100%', placeholder: '请选择', displayModel: 'table' },
          rules: [],
        },
      ],
      config: { labelWidth: 100, labelPosition: 'right', size: 'small' },
    });
    await admin.context.close();

    // The company logs in, sees its own company and the picker locked to it.
    await loginAs(page, APPROVED_CODE, PASSWORD);
    await expect(page.getByTestId('top-bar')).toBeVisible();
    const info = await (await page.request.get('/api/companyUser/getCompanyInfoByUserId')).json();
    expect(info.companyInfo.companyName).toBe(COMPANY_NAME);
    await page.goto(`${BASE}/full/custom/${formId}`);
    const picker = field(page, 'company');
    await expect(picker).toBeVisible();
    await expect(picker.locator('input.picker-input')).toHaveValue(COMPANY_NAME);
    await expect(picker.locator('input.picker-input')).toBeDisabled();
    await expect(picker.getByRole('button', { name: '选择所属企业' })).toBeDisabled();
    await page.screenshot({ path: `${SCREENS}/company-picker-locked.png` });
  });

  test('重复注册同一组织机构代码：提示“失败”，表单内容保留', async ({ page }) => {
    test.setTimeout(90_000);
    await openRegister(page);
    await fillRegistration(page, APPROVED_CODE, `${COMPANY_NAME}（重复）`);
    await submitRegistration(page);
    const failure = toast(page, '该组织机构代码已注册');
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('失败');
    await expect(page).toHaveURL(/companyRegister/);
    await expect(byId(page, 'companyInfo_companyName')).toHaveValue(`${COMPANY_NAME}（重复）`);
    await expect(byId(page, 'companyInfo_administrativeAreaName')).toHaveValue('安徽省马鞍山市和县');
    await expect(byId(page, 'user_realName')).toHaveValue('陈安全');
    await page.screenshot({ path: `${SCREENS}/company-register-failed.png`, fullPage: true });
  });

  test('审核不通过的企业登录时看到“审核不通过”及原因，更正后用同一代码重新注册', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const reason = '营业执照与组织机构代码不一致，请核实后重新申请';
    const res = await page.request.post('/apc/company/companyRegistered', {
      data: {
        companyInfo: {
          companyName: `不通过测试化工有限公司${RUN}`,
          administrativeAreaCode: '340523',
          administrativeAreaName: '安徽省马鞍山市和县',
          address: '园区纬四路1号',
          industryCode: '0401',
          industryName: '危险化学品仓库',
          industyType: '装卸搬运和仓储业',
          companyCode: REJECTED_CODE,
        },
        user: {
          userName: REJECTED_CODE,
          ps: await seal(page.request, PASSWORD),
          ps1: await seal(page.request, PASSWORD),
          realName: '周经理',
          sex: '1',
          jobs: '总经理',
          phone: '13955500000',
        },
      },
      headers: XHR,
    });
    expect(res.ok(), await res.text()).toBe(true);

    const admin = await newSession(browser);
    await loginAsAdmin(admin.page);
    const row = await openCompanyManage(admin.page, '待审核', REJECTED_CODE);
    await row.getByRole('button', { name: '不通过', exact: true }).click();
    const reject = dialog(admin.page, /审核不通过/);
    await reject.getByRole('button', { name: '确定' }).click();
    await expect(reject.getByText('请输入审核不通过的原因')).toBeVisible();
    await reject.getByLabel('不通过原因').fill(reason);
    await admin.page.screenshot({ path: `${SCREENS}/company-reject-dialog.png` });
    await reject.getByRole('button', { name: '确定' }).click();
    await expect(toast(admin.page, '已审核不通过')).toBeVisible();
    const rejectedRow = await openCompanyManage(admin.page, '审核不通过', REJECTED_CODE);
    await expect(rejectedRow).toContainText(reason);
    await expect(rejectedRow.getByRole('button', { name: '通过', exact: true })).toHaveCount(0);
    await expect(rejectedRow.getByRole('button', { name: '用户管理' })).toHaveCount(0);
    await admin.context.close();

    const refused = await loginError(page, REJECTED_CODE);
    await expect(refused).toContainText('审核不通过');
    await expect(refused).toContainText(reason);
    await expect(refused).toContainText('重新注册');
    await page.screenshot({ path: `${SCREENS}/company-login-rejected.png` });

    // The company corrects its details and registers again with the same code: pending once more.
    const corrected = `不通过测试化工有限公司${RUN}（更正）`;
    await openRegister(page);
    await fillRegistration(page, REJECTED_CODE, corrected);
    await submitRegistration(page);
    await expect(toast(page, '注册成功')).toBeVisible();
    await expect(page).toHaveURL(/\/closed-park-web\/login/);
    // Typed in lower case, the code still finds its account.
    const pendingAgain = await loginError(page, REJECTED_CODE.toLowerCase());
    await expect(pendingAgain).toContainText('待审核');

    const reviewer = await newSession(browser);
    await loginAsAdmin(reviewer.page);
    const again = await openCompanyManage(reviewer.page, '待审核', REJECTED_CODE);
    await expect(again).toContainText(corrected);
    await expect(again).toContainText('陈安全');
    await reviewer.page.screenshot({ path: `${SCREENS}/company-resubmitted.png` });
    await reviewer.context.close();
  });

  test('管理员编辑企业信息、新增企业用户，作废企业后其用户登录看到“已作废”', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const admin = await newSession(browser);
    await loginAsAdmin(admin.page);
    const row = await openCompanyManage(admin.page, '审核通过', APPROVED_CODE);

    // Edit: the dialog opens with the registered values; the code (the account) cannot change.
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = dialog(admin.page, /编辑企业信息/);
    await expect(edit.locator('#companyEdit_companyCode')).toBeDisabled();
    await expect(edit.locator('#companyEdit_administrativeAreaName')).toHaveValue('安徽省马鞍山市和县');
    await edit.locator('#companyEdit_address').fill('安徽和县化工园区纬三路18号');
    await admin.page.screenshot({ path: `${SCREENS}/company-edit.png` });
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(toast(admin.page, '保存成功')).toBeVisible();
    await expect(edit).toHaveCount(0);

    // A second user for the company, with a one-time password.
    await row.getByRole('button', { name: '用户管理' }).click();
    const users = dialog(admin.page, `企业用户 — ${COMPANY_NAME}`);
    await users.getByRole('button', { name: '新增用户' }).click();
    const add = dialog(admin.page, '新增企业用户');
    await add.getByLabel('用户名').fill(`staff_${RUN.toLowerCase()}`);
    await add.getByLabel('姓名').fill('刘操作');
    await add.getByLabel('职务').fill('操作工');
    await add.getByLabel('手机号码').fill('13955599999');
    await add.getByRole('button', { name: '保存' }).click();
    await expect(admin.page.getByTestId('one-time-password')).toBeVisible();
    await admin.page.getByRole('button', { name: '我已记下' }).click();
    await expect(users.locator('.ant-table-row').filter({ hasText: `staff_${RUN.toLowerCase()}` })).toContainText('企业用户');
    await users.locator('.ant-modal-close').click();

    // Void: asked with a warning, optional reason.
    await row.getByRole('button', { name: '作废' }).click();
    const voiding = dialog(admin.page, /作废企业/);
    await expect(voiding).toContainText('所有用户将立即退出');
    await voiding.getByLabel('作废原因').fill('企业已迁出园区');
    await admin.page.screenshot({ path: `${SCREENS}/company-void-dialog.png` });
    await voiding.getByRole('button', { name: '作废' }).click();
    await expect(toast(admin.page, '已作废')).toBeVisible();
    const voidedRow = await openCompanyManage(admin.page, '已作废', APPROVED_CODE);
    await expect(voidedRow).toContainText('企业已迁出园区');
    await expect(voidedRow.getByRole('button', { name: '编辑' })).toHaveCount(0);
    await voidedRow.getByText(COMPANY_NAME, { exact: true }).click();
    await expect(admin.page.locator('.ant-drawer').getByText('安徽和县化工园区纬三路18号')).toBeVisible();
    await admin.page.waitForTimeout(400); // the drawer slides in
    await admin.page.screenshot({ path: `${SCREENS}/company-detail.png` });
    await admin.context.close();

    const voided = await loginError(page, APPROVED_CODE);
    await expect(voided).toContainText('已作废');
  });
});
