import { expect, test } from '@playwright/test';
import { BASE, createUserWithoutMenus, loginAs, loginAsAdmin, withDb } from '../support/fixtures.ts';

test.describe('外壳', () => {
  test('父菜单跳转到第一个子菜单，计数来自服务器', async ({ page }) => {
    await loginAsAdmin(page);
    const bar = page.getByTestId('top-bar');
    await bar.getByText('工作台').click();
    await expect(page).toHaveURL(`${BASE}/waitDoneTask/WaitDoneTask`);
    // The badge shows the server's unread count: the seeded welcome message, plus whatever earlier
    // specs on this shared server sent the administrator (the demo automation messages it, issue 18).
    const unread = await withDb(async (c) =>
      Number((await c.query(`select count(*) as n from msg_message where receiver_id = 1 and read_status = '0'`)).rows[0].n),
    );
    expect(unread).toBeGreaterThanOrEqual(1);
    await expect(bar.getByRole('link', { name: /消息/ }).locator('.ant-badge')).toContainText(unread > 99 ? '99+' : String(unread));
    await bar.getByRole('link', { name: /消息/ }).click();
    await expect(page).toHaveURL(`${BASE}/msg/MsgList`);
    await expect(page.getByText('欢迎使用封闭园区低代码平台')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/messages.png' });
  });

  test('计数超过99时显示99+', async ({ page }) => {
    await withDb((c) =>
      c.query(`insert into flow_task (title, assignee_id) select '待审批' || g, 1 from generate_series(1, 120) g`),
    );
    await loginAsAdmin(page);
    await expect(page.getByTestId('top-bar').getByRole('link', { name: /待办/ })).toContainText('99+');
    await page.goto(`${BASE}/waitDoneTask/WaitDoneTask`);
    await expect(page.getByText('共 120 条')).toBeVisible();
    await withDb((c) => c.query(`delete from flow_task`));
  });

  test('表单任务页列出执行中的任务，带表单名称与状态', async ({ page }) => {
    await withDb((c) =>
      c.query(
        `insert into form_task (title, form_name, assignee_id, status, deadline) values ('月度消防巡检', '消防巡检表', 1, 0, now() + interval '3 day'), ('已完成的任务', '消防巡检表', 1, 1, null)`,
      ),
    );
    await loginAsAdmin(page);
    await page.goto(`${BASE}/formTask/ExecutingFormTask`);
    const row = page.getByRole('row', { name: /月度消防巡检/ });
    await expect(row).toContainText('消防巡检表');
    await expect(row).toContainText('执行中');
    await expect(page.getByText('已完成的任务')).toHaveCount(0);
    await withDb((c) => c.query(`delete from form_task`));
  });

  test('业务模块下拉只列出状态为0的模块', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByRole('button', { name: '业务模块' }).click();
    await expect(page.getByRole('menuitem', { name: '园区安全生产监管' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '应急指挥调度' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/modules.png' });
    const popup = page.waitForEvent('popup');
    await page.getByRole('menuitem', { name: '园区安全生产监管' }).click();
    const opened = await popup;
    await expect(opened).toHaveURL(/\/closed-park-web\/home\?v_s=third/);
    await opened.close();
  });

  test('注销需要确认，之后回到登录页且会话失效', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByRole('button', { name: '退出' }).click();
    await expect(page.getByText('确认注销当前用户吗？')).toBeVisible();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/closed-park-web\/login/);
    const res = await page.request.get('/api/user/getUser');
    expect(res.status()).toBe(401);
  });

  test('未登录访问页面时跳转登录，登录后回到原页面', async ({ page }) => {
    await page.goto(`${BASE}/msg/MsgList`);
    await expect(page).toHaveURL(/\/closed-park-web\/login\?redirect=/);
    // Log in on the page the redirect landed on, as a person would.
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill('Admin@123');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(`${BASE}/msg/MsgList`);
  });

  test('嵌入模式 v_s=third 不显示顶部导航', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto(`${BASE}/home?v_s=third`);
    await expect(page.getByText('欢迎，系统管理员')).toBeVisible();
    await expect(page.getByTestId('top-bar')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/embedded.png' });
  });

  test('在框架内运行时同样不显示顶部导航', async ({ page }) => {
    await loginAsAdmin(page);
    await page.setContent(`<iframe src="${new URL(`${BASE}/home`, page.url()).href}" style="width:1200px;height:700px"></iframe>`);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByText('欢迎，系统管理员')).toBeVisible();
    await expect(frame.getByTestId('top-bar')).toHaveCount(0);
  });

  test('未知地址显示404页面', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto(`${BASE}/no/such/page`);
    await expect(page).toHaveURL(`${BASE}/404`);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/404.png' });
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(`${BASE}/home`);
  });

  test('没有任何菜单的用户看到提示，导航停止', async ({ page }) => {
    await createUserWithoutMenus('nomenu');
    await loginAs(page, 'nomenu');
    await expect(page.getByText('您无任何菜单权限，请联系管理员进行授权！')).toBeVisible();
    await page.waitForTimeout(500); // let the dialog finish its entrance before the screenshot
    await page.screenshot({ path: 'test-results/screens/no-menu.png' });
    await expect(page.getByText('欢迎，')).toHaveCount(0);
  });
});
