import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { BASE, loginAs, loginAsAdmin, withDb } from '../support/fixtures.ts';

/* One server is shared by every spec: names carry a per-run suffix, and nothing seeded is changed. */
const RUN = Date.now().toString(36).slice(-5);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

type MenuNode = { name: string; children: MenuNode[] };
const leaves = (menus: MenuNode[]): string[] => menus.flatMap((m) => (m.children.length ? leaves(m.children) : [m.name]));

async function openAdminPage(page: Page, path: string, title: string) {
  await page.goto(`${BASE}${path}`);
  await expect(page.locator('.list-page .ant-card-head-title').filter({ hasText: title }).first()).toBeVisible();
}

/** Types into an antd Select or TreeSelect and clicks the option; then closes its list by clicking the dialog title. */
async function pickOption(page: Page, dialog: Locator, field: Locator, search: string, option = search) {
  await field.click();
  await field.fill(search);
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).first().click();
  await dialog.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/**
 * The new user's first login: the one-time password must be changed first (issue 42), under the
 * password rule, before the shell is reached; every other call is refused until then.
 */
async function newUserSession(browser: Browser, username: string, password: string) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await loginAs(page, username, password);
  await expect(page).toHaveURL(new RegExp(`${BASE}/changePassword`));
  await expect(page.getByRole('heading', { name: '修改初始密码' })).toBeVisible();
  const refused = await page.request.get('/api/user/getUser', { headers: XHR });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ errCode: 403, errMsg: '请先修改初始密码', errorcode: 'change password' });
  // An address typed meanwhile comes back to the change page.
  await page.goto(`${BASE}/system/user`);
  await expect(page).toHaveURL(new RegExp(`${BASE}/changePassword`));
  await page.getByLabel('初始密码').fill(password);
  await page.getByLabel('新密码', { exact: true }).fill('weak');
  await page.getByLabel('确认新密码').fill('weak');
  await page.getByRole('button', { name: '修改并进入' }).click();
  await expect(page.getByText('密码至少6位，且必须包含数字、大写字母、小写字母和特殊字符').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/admin-first-login-password.png' });
  await page.getByLabel('新密码', { exact: true }).fill('First@2026');
  await page.getByLabel('确认新密码').fill('First@2026');
  await page.getByRole('button', { name: '修改并进入' }).click();
  await expect(page.getByTestId('top-bar')).toBeVisible();
  // Back where the typed address was going.
  await expect(page).toHaveURL(`${BASE}/system/user`);
  return { context, page };
}

test.describe('系统管理', () => {
  test('管理员建组织、角色（两个菜单）和用户；该用户只看到这两个菜单，调用第三个菜单的接口得到403，停用后会话立即失效', async ({
    page,
    browser,
  }) => {
    const orgName = `巡检组${RUN}`;
    const roleName = `巡检员${RUN}`;
    const username = `inspector${RUN}`;
    test.setTimeout(90_000);
    await loginAsAdmin(page);

    // 1. The organisation, under the root.
    await openAdminPage(page, '/system/org', '组织详情');
    await page.getByTestId('org-tree').getByText('园区管委会', { exact: true }).click();
    await page.getByRole('button', { name: '新增下级' }).click();
    const orgDialog = page.getByRole('dialog', { name: /新增下级组织/ });
    await orgDialog.getByLabel('组织名称').fill(orgName);
    await orgDialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(page.getByTestId('org-tree').getByText(orgName)).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-org.png' });

    // 2. The role, its name checked as it is typed, bound to 首页 and 用户管理.
    await openAdminPage(page, '/system/role', '角色管理');
    await page.getByRole('button', { name: '新增角色' }).click();
    const roleDialog = page.getByRole('dialog', { name: '新增角色' });
    await roleDialog.getByLabel('角色名称').fill('园区管理员');
    await expect(roleDialog.getByText('角色名称已存在')).toBeVisible();
    await roleDialog.getByLabel('角色名称').fill(roleName);
    await expect(roleDialog.getByText('角色名称已存在')).toHaveCount(0);
    await roleDialog.getByLabel('备注').fill('端到端测试创建');
    await roleDialog.getByRole('button', { name: '保存' }).click();
    await expect(roleDialog).toBeHidden();
    await page.getByPlaceholder('角色名称').fill(roleName);
    await page.getByPlaceholder('角色名称').press('Enter');
    const roleRow = page.getByRole('row', { name: new RegExp(roleName) });
    await roleRow.getByRole('button', { name: '菜单权限' }).click();
    const drawer = page.getByRole('dialog', { name: `菜单权限：${roleName}` });
    await drawer.getByRole('checkbox', { name: '首页', exact: true }).click();
    await drawer.getByRole('checkbox', { name: '用户管理 system:user' }).click();
    await expect(drawer.getByRole('checkbox', { name: /系统管理/ })).toBeChecked({ checked: false });
    await page.screenshot({ path: 'test-results/screens/admin-role-menus.png' });
    await drawer.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();

    // 3. The user, in both; the one-time password is read from the dialog.
    await openAdminPage(page, '/system/user', '用户管理');
    await page.getByRole('button', { name: '新增用户' }).click();
    const userDialog = page.getByRole('dialog', { name: '新增用户' });
    await userDialog.getByLabel('用户名').fill(username);
    await userDialog.getByLabel('姓名').fill('巡检员甲');
    await userDialog.getByLabel('手机号').fill('13800138000');
    await pickOption(page, userDialog, userDialog.getByLabel('所属组织'), orgName);
    await pickOption(page, userDialog, userDialog.getByLabel('角色'), roleName);
    await page.screenshot({ path: 'test-results/screens/admin-user-form.png' });
    await userDialog.getByRole('button', { name: '保存' }).click();
    const password = (await page.getByTestId('one-time-password').textContent())!.trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    await page.screenshot({ path: 'test-results/screens/admin-user-password.png' });
    await page.getByRole('button', { name: '我已记下' }).click();
    const userRow = page.getByRole('row', { name: new RegExp(username) });
    await expect(userRow).toContainText(orgName);
    await expect(userRow).toContainText(roleName);
    await page.screenshot({ path: 'test-results/screens/admin-users.png' });

    // 4. The user sees exactly those two menus.
    const user = await newUserSession(browser, username, password);
    const bar = user.page.getByTestId('top-bar');
    await expect(bar.getByRole('link', { name: '首页' })).toBeVisible();
    await expect(bar.getByRole('link', { name: '系统管理' })).toBeVisible();
    await expect(bar.getByRole('link', { name: '工作台' })).toHaveCount(0);
    const router = await (await user.page.request.get('/api/user/listRouter/1', { headers: XHR })).json();
    expect(leaves(router.children).sort()).toEqual(['用户管理', '首页'].sort());
    await bar.getByRole('link', { name: '系统管理' }).hover();
    await expect(user.page.getByRole('menuitem', { name: '用户管理' })).toBeVisible();
    await expect(user.page.getByRole('menuitem')).toHaveCount(1);
    await user.page.screenshot({ path: 'test-results/screens/admin-limited-user.png' });
    await user.page.getByRole('menuitem', { name: '用户管理' }).click();
    await expect(user.page).toHaveURL(`${BASE}/system/user`);
    await expect(user.page.getByRole('row', { name: new RegExp(username) })).toBeVisible();

    // 5. A third menu's call, made directly, is refused on the server.
    const third = await user.page.request.get('/api/user/listOptLog?pageNum=1&pageSize=10', { headers: XHR });
    expect(third.status()).toBe(403);
    expect(await third.json()).toEqual({ errCode: 403, errMsg: '您无权执行此操作' });
    const addRole = await user.page.request.post('/api/user/addRole', { headers: XHR, data: { roleName: `越权${RUN}` } });
    expect(addRole.status()).toBe(403);
    // …and the page itself is not there for them.
    await user.page.goto(`${BASE}/system/log`);
    await expect(user.page).toHaveURL(`${BASE}/404`);

    // 6. The administrator disables the user: the open session is refused on its next request.
    await page.getByPlaceholder('用户名、姓名或手机号').fill(username);
    await page.getByPlaceholder('用户名、姓名或手机号').press('Enter');
    await userRow.getByRole('button', { name: '停用' }).click();
    await expect(page.getByText('停用后该用户的所有登录会话将立即失效')).toBeVisible();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已停用')).toBeVisible();
    await expect(userRow.getByText('停用', { exact: true }).first()).toBeVisible();
    const after = await user.page.request.get('/api/user/getUser', { headers: XHR });
    expect(after.status()).toBe(401);
    await user.page.goto(`${BASE}/system/user`);
    await expect(user.page).toHaveURL(/\/closed-park-web\/login/);

    // Every step above is in the operation log, the refusals too.
    await openAdminPage(page, '/system/log', '操作日志');
    await page.getByLabel('操作人').fill(username);
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page.getByRole('row', { name: /新增角色.*失败/ })).toBeVisible();
    await page.getByLabel('操作人').fill('admin');
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page.getByRole('row', { name: /停用用户/ }).first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-optlog.png' });
    await user.context.close();
  });

  test('组织树可拖动改变上下级；有下级或用户的组织不能删除', async ({ page }) => {
    await loginAsAdmin(page);
    const a = `甲组${RUN}`;
    const b = `乙组${RUN}`;
    await withDb(async (c) => {
      await c.query(`insert into sys_org (parent_id, org_name, order_index) values (1, $1, 90), (1, $2, 91)`, [a, b]);
      await c.query(
        `insert into sys_user (username, password_hash, real_name) select $1, password_hash, '组员' from sys_user where username = 'admin'`,
        [`member${RUN}`],
      );
      await c.query(
        `insert into sys_user_org (user_id, org_id) select u.id, o.id from sys_user u, sys_org o where u.username = $1 and o.org_name = $2`,
        [`member${RUN}`, a],
      );
    });
    await openAdminPage(page, '/system/org', '组织详情');
    const tree = page.getByTestId('org-tree');
    // Onto the lower half of 甲组, one indent to the right: as its child (antd's tree reads a
    // drop straight down as "after it", and one in the upper half as about the node above).
    const row = (name: string) => tree.locator('.ant-tree-node-content-wrapper').filter({ hasText: name });
    const box = (await row(a).boundingBox())!;
    await row(b).dragTo(row(a), { sourcePosition: { x: 10, y: box.height / 2 }, targetPosition: { x: 60, y: box.height * 0.75 } });
    await expect(page.getByText('已移动')).toBeVisible();
    const orgs = await (await page.request.get('/api/user/listOrgTree', { headers: XHR })).json();
    type Org = { orgName: string; children: Org[] };
    const find = (list: Org[]): Org | undefined => list.map((o) => (o.orgName === a ? o : find(o.children))).find(Boolean);
    expect(find(orgs.departManage)?.children.map((o) => o.orgName)).toEqual([b]);

    await tree.getByText(a, { exact: true }).click();
    await expect(page.getByText(`member${RUN}`)).toBeVisible();
    await expect(tree.getByText(b, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '删除' }).click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText('确认删除该记录吗?');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('该组织下存在下级组织，不能删除')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-org-refused.png' });
  });

  test('菜单管理：新增带查询参数、组件和图标的菜单', async ({ page }) => {
    await loginAsAdmin(page);

    await openAdminPage(page, '/system/menu', '菜单管理');
    await expect(page.getByRole('row', { name: /用户管理.*\/system\/user/ })).toBeVisible();
    await page.getByRole('button', { name: '新增菜单' }).click();
    const menuDialog = page.getByRole('dialog', { name: '新增菜单' });
    await menuDialog.getByLabel('名称').fill(`巡检台账${RUN}`);
    await menuDialog.getByLabel('路径').fill(`/form/list/9${RUN.length}?from=e2e`);
    await pickOption(page, menuDialog, menuDialog.getByLabel('页面组件'), 'FormCustom', '表单列表页（FormCustom）');
    await pickOption(page, menuDialog, menuDialog.getByLabel('图标'), '巡检', '901巡检、检验');
    await page.screenshot({ path: 'test-results/screens/admin-menu-form.png' });
    await menuDialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`巡检台账${RUN}`) })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-menus.png' });
    // Removed again, so the other specs see the seeded top-level menus only.
    const created = page.getByRole('row', { name: new RegExp(`巡检台账${RUN}`) });
    await created.getByRole('button', { name: '删除' }).click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText('确认删除该记录吗?');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(created).toHaveCount(0);
  });

  test('数据字典：类型与树形字典项', async ({ page }) => {
    await loginAsAdmin(page);
    await openAdminPage(page, '/system/dict', '字典项');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const typeDialog = page.getByRole('dialog', { name: '新增字典类型' });
    await typeDialog.getByLabel('类型编码').fill(`hazard${RUN}`);
    await typeDialog.getByLabel('类型名称').fill(`危化品类别${RUN}`);
    await typeDialog.getByRole('button', { name: '保存' }).click();
    await expect(typeDialog).toBeHidden();
    await page.getByText(`危化品类别${RUN}`).click();
    for (const [code, name] of [
      ['2', '易燃气体'],
      ['8', '腐蚀性物质'],
    ]) {
      await page.getByRole('button', { name: '新增字典项' }).click();
      const entryDialog = page.getByRole('dialog', { name: '新增字典项' });
      await entryDialog.getByLabel('编码').fill(code!);
      await entryDialog.getByLabel('名称').fill(name!);
      await entryDialog.getByRole('button', { name: '保存' }).click();
      await expect(entryDialog).toBeHidden();
    }
    await page.locator('.ant-tree').getByText('易燃气体').click();
    await page.getByRole('button', { name: '新增下级' }).click();
    const child = page.getByRole('dialog', { name: /新增下级字典项/ });
    await child.getByLabel('编码').fill('2.1');
    await child.getByLabel('名称').fill('甲烷');
    await child.getByRole('button', { name: '保存' }).click();
    await expect(page.locator('.ant-tree').getByText('甲烷')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-dict.png' });
  });

  test('系统模块与安全设置', async ({ page }) => {
    await loginAsAdmin(page);
    await openAdminPage(page, '/system/sys', '子系统');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const sysDialog = page.getByRole('dialog', { name: '新增子系统' });
    await sysDialog.getByLabel('子系统名称').fill('园区安全生产监管');
    await expect(sysDialog.getByText('子系统已存在')).toBeVisible();
    await sysDialog.getByLabel('子系统名称').fill(`停用模块${RUN}`);
    await sysDialog.getByLabel('访问地址').fill('javascript:alert(1)');
    await expect(sysDialog.getByText('请输入正确的访问地址')).toBeVisible();
    await sysDialog.getByLabel('访问地址').fill('https://example.invalid/module');
    await sysDialog.getByLabel('排序号').fill('9');
    await sysDialog.getByRole('switch', { name: '是否显示' }).click();
    await sysDialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`停用模块${RUN}`) })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-sys.png' });

    await openAdminPage(page, '/system/settings', '安全设置');
    await expect(page.getByLabel('会话空闲超时（分钟）')).toHaveValue('120');
    await page.getByLabel('操作日志保留天数').fill('365');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText('确认保存吗？');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-settings.png' });
    const settings = await (await page.request.get('/api/user/getSecuritySettings', { headers: XHR })).json();
    expect(settings.settings).toEqual({ sessionIdleMinutes: 120, loginFailuresPerMinute: 10, optLogRetentionDays: 365 });
  });

  test('用户修改自己的密码：校验原密码与密码规则，密码加密传输', async ({ page }) => {
    const username = `pwd${RUN}`;
    await withDb((c) =>
      c.query(
        `with u as (insert into sys_user (username, password_hash, real_name)
                    select $1, password_hash, '改密用户' from sys_user where username = 'admin' returning id)
         insert into sys_user_role (user_id, role_id) select u.id, r.id from u, sys_role r where r.role_code = 'company_user'`,
        [username],
      ),
    );
    const bodies: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('CurrentPwd')) bodies.push(r.postData() ?? '');
    });
    await loginAs(page, username, 'Admin@123');
    await page.getByRole('button', { name: '改密用户' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await expect(page).toHaveURL(`${BASE}/system/password`);

    await page.getByLabel('原密码').fill('Wrong@123');
    await page.getByLabel('新密码', { exact: true }).fill('weak');
    await expect(page.getByText('密码至少6位，且必须包含数字、大写字母、小写字母和特殊字符').first()).toBeVisible();
    await page.getByLabel('新密码', { exact: true }).fill('Better@2026');
    await page.getByLabel('确认新密码').fill('Better@2026');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('原密码不正确')).toBeVisible();

    await page.getByLabel('原密码').fill('Admin@123');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('密码已修改')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-password.png' });
    for (const body of bodies) expect(body).not.toMatch(/Admin@123|Better@2026|Wrong@123/);
    expect(bodies.length).toBeGreaterThanOrEqual(3);

    await page.getByRole('button', { name: '退出' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/closed-park-web\/login/);
    await loginAs(page, username, 'Better@2026');
    await expect(page.getByTestId('top-bar')).toBeVisible();
  });
});
