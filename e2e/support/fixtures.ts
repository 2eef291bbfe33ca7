import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { E2E_ADMIN_PASSWORD } from './server.ts';

export const BASE = '/closed-park-web';

/** Logs in through the real login page, as a person would. */
export async function loginAs(page: Page, username = 'admin', password = E2E_ADMIN_PASSWORD) {
  // Until the document is committed, not loaded: a call of the page answered 401 sends it to
  // /login?redirect=… itself, which aborted a goto still waiting for 'load' (net::ERR_ABORTED, a CI
  // flake). Either way it is the login page; the fields are waited for below.
  await page.goto(`${BASE}/login`, { waitUntil: 'commit' });
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

export async function loginAsAdmin(page: Page) {
  await loginAs(page);
  await expect(page.getByTestId('top-bar')).toBeVisible();
}

/** Runs SQL on the server's own embedded database, to arrange what the UI cannot yet create. */
export async function withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A user with the administrator's password and no roles (so no menus). */
export async function createUserWithoutMenus(username: string) {
  await withDb((c) =>
    c.query(
      `insert into sys_user (username, password_hash, real_name)
       select $1, password_hash, '无菜单用户' from sys_user where username = 'admin'
       on conflict (username) do nothing`,
      [username],
    ),
  );
}
