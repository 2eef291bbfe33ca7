import { expect, devices, type Page } from '@playwright/test';
import { BASE } from './fixtures.ts';
import { E2E_ADMIN_PASSWORD } from './server.ts';

/**
 * An iPhone's viewport, touch and isMobile in our Chromium (the device's own browser, WebKit, is not
 * installed): the mobile specs' emulation, spread into each spec's own context options.
 */
export const { defaultBrowserType: _webkit, ...IPHONE } = devices['iPhone 13'];

/** Signs in on the phone's own login page (/m/login), as a person does, and waits for the workbench. */
export async function phoneLogin(page: Page, username: string, password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto(`${BASE}/m/login`);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).tap();
  await expect(page.getByTestId('workbench')).toBeVisible();
}
