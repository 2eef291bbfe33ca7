import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { E2E_ADMIN_PASSWORD } from '../support/server.ts';
import { IPHONE, phoneLogin } from '../support/phone.ts';

/*
 * Issue 37, the mobile client's shell (apps/mobile at /closed-park-web/m/) in Chromium under an
 * iPhone-sized, touch, isMobile emulation through the real server: 张三 signs in on the phone and
 * sees the workbench; a record of 危化品车辆入园登记 he submits (through the server) waits in 李四's
 * 待办, who approves it on the phone with a comment; 张三 reads a message and marks it read; a lost
 * connection shows the banner and 重试 clears it. The desktop's top bar offers the QR code.
 */

const M = `${BASE}/m`;
const SHOTS = '/tmp/mshell';
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: '主导航' }).getByText(name, { exact: true });

async function vehicleFormId(): Promise<number> {
  return withDb(async (c) => Number((await c.query(`select id from form_conf where form_name = '危化品车辆入园登记' order by id limit 1`)).rows[0].id));
}

test.describe('移动端', () => {
  test.use(IPHONE);
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  let pid = 0;
  const plate = `皖M${RUN.slice(0, 4).replace(/[^A-Z0-9]/g, '8')}8`;

  test('张三在手机上登录，看到工作台与底部导航，提交一条入园登记待审批', async ({ page }) => {
    await phoneLogin(page, 'zhangsan');
    await expect(page.getByText(/好，张三/)).toBeVisible();
    await expect(page.getByTestId('counter-todo')).toContainText('我的待办');
    await expect(page.getByTestId('counter-msg')).toContainText('未读消息');
    for (const name of ['工作台', '待办', '消息', '我的']) await expect(tab(page, name)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}-workbench.png` });

    // The record is submitted through the server with the phone's own session (the form pages are mform's).
    const formId = await vehicleFormId();
    const started = await page.request.post(`/api/form/startformflow/${formId}`, {
      headers: XHR,
      data: { plate_no: plate, vehicle_type: '罐式货车', cargo_kind: '危险化学品', rated_load: '40', actual_load: '10', driver_mobile: '13855102468', entry_date: '2026-12-02' },
    });
    const body = (await started.json()) as { errCode: number; processInstanceId: number };
    expect(body.errCode).toBe(0);
    pid = body.processInstanceId;

    await tab(page, '待办').tap();
    await page.getByRole('tab', { name: '我发起的' }).tap();
    await expect(page.getByText('张三提交的危化品车辆入园登记').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}-started.png` });

    await tab(page, '我的').tap();
    await expect(page.getByTestId('me-page')).toContainText('账号：zhangsan');
    await page.screenshot({ path: `${SHOTS}-me.png` });
  });

  test('李四在手机上打开待办，审批详情只读显示记录与审批记录，填写意见后同意', async ({ page }) => {
    expect(pid).toBeGreaterThan(0);
    // The seeded flow's first step is 李四's (张三's supervisor); a spec before this one on a shared
    // server may have redesigned the demo form's flow, so the phone is used by whoever holds the task.
    const approver = await withDb(async (c) => {
      const r = await c.query(
        `select u.username, u.real_name from flow_task t join sys_user u on u.id = t.assignee_id where t.instance_id = $1 order by t.id limit 1`,
        [pid],
      );
      return { username: r.rows[0].username as string, realName: r.rows[0].real_name as string };
    });
    await phoneLogin(page, approver.username);
    await tab(page, '待办').tap();
    await expect(page).toHaveURL(`${M}/tasks`);
    await expect(page.getByText('张三提交的危化品车辆入园登记').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}-todo.png` });
    // The newest to-do is ours (it opens the task page of its process instance).
    await page.getByText('张三提交的危化品车辆入园登记').first().tap();
    await expect(page).toHaveURL(`${M}/task/${pid}`);
    const task = page.getByTestId('task-page');
    await expect(task.getByText(plate)).toBeVisible();
    await expect(task.getByTestId('approval-timeline')).toContainText('张三');
    // 驳回 needs a comment, as on the desktop.
    await task.getByRole('button', { name: '驳回' }).tap();
    await expect(page.getByText('请填写审批意见')).toBeVisible();
    await task.getByRole('textbox', { name: '审批意见' }).fill('同意入园（手机审批）');
    await page.screenshot({ path: `${SHOTS}-task.png`, fullPage: true });
    await task.getByRole('button', { name: '同意' }).tap();
    await expect(page.getByText('已同意')).toBeVisible();
    await expect(page).toHaveURL(`${M}/tasks`);

    const details = (await (await page.request.get(`/api/flow/queryapprovedetails/${pid}`, { headers: XHR })).json()) as { list: Array<{ realName: string; remark: string | null }> };
    expect(details.list.some((c) => c.realName === approver.realName && c.remark === '同意入园（手机审批）')).toBe(true);
    await page.getByRole('tab', { name: '已办' }).tap();
    await expect(page.getByText('张三提交的危化品车辆入园登记').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}-done.png` });
  });

  test('张三在手机上阅读消息并标为已读；断网时显示横幅，恢复后重试', async ({ page, context }) => {
    const title = `手机消息${RUN}`;
    await withDb(async (c) => {
      const user = (await c.query(`select id from sys_user where username = 'zhangsan'`)).rows[0].id;
      await c.query(`insert into msg_message (receiver_id, title, content, big_type, small_type) values ($1, $2, '请于今日下班前完成罐区巡检。', 1, 0)`, [user, title]);
    });
    await phoneLogin(page, 'zhangsan');
    await tab(page, '消息').tap();
    await expect(page).toHaveURL(`${M}/messages`);
    const item = page.locator('.m-msg-title', { hasText: title });
    await expect(item).toHaveClass(/m-msg-unread/);
    await page.screenshot({ path: `${SHOTS}-messages.png` });
    await item.tap();
    await expect(page.getByRole('dialog')).toContainText('请于今日下班前完成罐区巡检。');
    await page.screenshot({ path: `${SHOTS}-message-open.png` });
    await page.getByRole('button', { name: '关闭' }).tap();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(item).not.toHaveClass(/m-msg-unread/);
    const status = await withDb(async (c) => (await c.query(`select read_status from msg_message where title = $1`, [title])).rows[0].read_status);
    expect(Number(status)).toBe(1);

    // No connection: the banner says so; 重试 once it is back clears it.
    await context.setOffline(true);
    await page.getByRole('tab', { name: '未读' }).tap();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}-offline.png` });
    // 重试 while still offline: the call fails again and the banner stays.
    await page.getByTestId('offline-banner').getByRole('button', { name: '重试' }).tap();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    // Back online: the banner goes and the list loads again by itself.
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
    await expect(page.getByText('暂无消息').or(page.locator('.m-msg-title').first())).toBeVisible();
  });

  test('未登录打开移动端页面时转到移动端登录页，登录后回到原页面', async ({ page }) => {
    await page.goto(`${M}/messages`);
    await expect(page).toHaveURL(/\/closed-park-web\/m\/login\?redirect=%2Fmessages/);
    await page.getByLabel('用户名').fill('zhangsan');
    await page.getByLabel('密码').fill('wrong-password');
    await page.getByRole('button', { name: '登录' }).tap();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}-login-error.png` });
    await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: '登录' }).tap();
    await expect(page).toHaveURL(`${M}/messages`);
  });
});

test('电脑端顶栏的“手机版”显示移动端地址的二维码', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByTestId('top-bar').getByRole('button', { name: '手机版' }).click();
  const qr = page.getByTestId('mobile-qr');
  await expect(qr.getByRole('img', { name: '移动端二维码' })).toBeVisible();
  await expect(qr).toContainText('/closed-park-web/m/');
  await page.screenshot({ path: `${SHOTS}-desktop-qr.png` });
});
