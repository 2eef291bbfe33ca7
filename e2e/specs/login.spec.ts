import { expect, test } from '@playwright/test';
import { BASE, loginAs, loginAsAdmin } from '../support/fixtures.ts';

test.describe('登录', () => {
  test('错误的密码显示统一的错误信息', async ({ page }) => {
    await loginAs(page, 'admin', 'Wrong@123');
    await expect(page.getByText('用户名或密码错误').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('必填项为空时提示', async ({ page }) => {
    await page.goto(`${BASE}/login`);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('请输入用户名')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
  });

  test('正确的密码进入首页，并显示服务器给出的菜单', async ({ page }) => {
    await page.goto(`${BASE}/login`);
    await expect(page.getByLabel('用户名')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/login.png' });
    await loginAsAdmin(page);
    await expect(page).toHaveURL(`${BASE}/home`);
    const bar = page.getByTestId('top-bar');
    await expect(bar.getByText('封闭区域管理')).toBeVisible();
    await expect(bar.getByText('首页')).toBeVisible();
    await expect(bar.getByText('工作台')).toBeVisible();
    await expect(bar.getByText('系统管理员')).toBeVisible();
    await expect(page.getByText('欢迎，系统管理员')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/home.png' });
  });

  test('密码在浏览器中加密，明文从不出现在请求里', async ({ page }) => {
    const bodies: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/apc/login')) bodies.push(r.postData() ?? '');
    });
    await loginAsAdmin(page);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toContain('Admin@123');
    expect(JSON.parse(bodies[0]!).password).toMatch(/^[A-Za-z0-9+/=]{300,}$/);
  });
});
