import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { openDesigner } from '../support/designer.ts';
import { E2E_ADMIN_PASSWORD } from '../support/server.ts';
import { IPHONE, phoneLogin } from '../support/phone.ts';

/*
 * 巡检 (issue 41), the application the demo installs as a package: the administrator prints the
 * three checkpoints' codes from 巡检记录's 二维码设置; the inspector 孙七 scans each on his phone
 * (the code decoded from its image, as a camera would), fills the checkpoint's items, a photo, his
 * signature and his position, and submits; then reports a 隐患, whose 隐患整改 reaches his
 * supervisor 周八's 待办 on the phone.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SHOTS = '/tmp/xj';
const suffix = String(Date.now()).slice(-6);
const CHECKPOINTS = ['CP-01 1号储罐区', 'CP-02 装卸站台', 'CP-03 消防泵房'];
const HAZARD = `静电接地线松脱${suffix}`;
/** A 2×2 red PNG: a photo as far as the form is concerned. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

const urls: string[] = [];
const field = (page: Page, model: string) => page.getByTestId(`field-${model}`);

async function appForm(code: string): Promise<number> {
  return withDb(async (c) =>
    Number((await c.query(`select p.local_id from app_package_part p join app_package a on a.id = p.package_id where a.code = 'inspection' and a.company_id is null and p.kind = 'form' and p.code = $1`, [code])).rows[0].local_id),
  );
}

async function decode(img: Locator): Promise<string> {
  const png = await img.evaluate(async (el: HTMLImageElement) => {
    const bitmap = await createImageBitmap(el);
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = c.getContext('2d')!;
    g.drawImage(bitmap, 0, 0);
    return { width: bitmap.width, height: bitmap.height, data: Array.from(g.getImageData(0, 0, bitmap.width, bitmap.height).data) };
  });
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toMatch(/\/closed-park-web\/m\/qr\/\d+\.[0-9a-f]{32}\.[A-Za-z0-9_-]{32}$/);
  return new URL(decoded!.data).pathname;
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...IPHONE, permissions: ['geolocation'], geolocation: { latitude: 31.8205, longitude: 118.4671 } });
  return context.newPage();
}

async function signOnPad(page: Page) {
  await field(page, 'sign').getByRole('button', { name: '点击签名' }).click();
  const pad = page.getByTestId('signature-canvas');
  await expect(pad).toBeVisible();
  await page.waitForTimeout(400);
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 60);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 30 + i * 20, box.y + 60 + (i % 2 ? 40 : -20), { steps: 3 });
  await page.mouse.up();
  await page.locator('.m-popup:visible').filter({ hasText: '巡检人签名' }).getByRole('button', { name: '确定' }).click();
  await expect(field(page, 'sign').locator('img')).toHaveCount(1);
}

test('the administrator prints the three checkpoints’ codes from 巡检记录 › 二维码设置', async ({ page }) => {
  await loginAsAdmin(page);
  await openDesigner(page, await appForm('xj_record'));
  await page.getByRole('button', { name: '二维码设置' }).click();
  const dlg = page.getByRole('dialog', { name: '二维码设置' });
  for (const name of CHECKPOINTS) {
    await dlg.getByText(name, { exact: true }).first().click();
    const img = dlg.getByTestId('qr-entry-image');
    await expect(img).toHaveAttribute('alt', `${name}二维码`);
    urls.push(await decode(img));
  }
  await page.screenshot({ path: `${SHOTS}-codes.png` });
  expect(new Set(urls).size).toBe(3);

  // The same codes under 专项服务 › 巡检点二维码, for whoever hangs them up.
  await page.goto(`${BASE}/specialServices/inspectionCodes`);
  await expect(page.getByTestId('checkpoint-code')).toHaveCount(3);
  for (const name of CHECKPOINTS) await expect(page.getByRole('img', { name: `${name}二维码` })).toBeVisible();
  await expect(page.getByRole('link', { name: /打印全部/ })).toHaveAttribute('href', '/api/inspection/checkpointSheet');
  await page.screenshot({ path: `${SHOTS}-special-page.png` });
});

test('孙七 scans each checkpoint on his phone and submits its round: items, photo, signature, position', async ({ browser }) => {
  const m = await phone(browser);
  const recordForm = await appForm('xj_record');
  for (const [i, url] of urls.entries()) {
    await m.goto(url);
    if (i === 0) {
      await expect(m).toHaveURL(/\/m\/login\?redirect=/);
      await m.getByPlaceholder('请输入用户名').fill('xj_sunqi');
      await m.getByPlaceholder('请输入密码').fill(E2E_ADMIN_PASSWORD);
      await m.getByRole('button', { name: '登录' }).click();
    }
    await expect(m).toHaveURL(/\/m\/qr\/[^/]+\/open/);
    const [code, name] = CHECKPOINTS[i]!.split(' ') as [string, string];
    await expect(m.getByText(`巡检记录（${CHECKPOINTS[i]}）`)).toBeVisible();
    await expect(field(m, 'point_code').locator('input')).toHaveValue(code);
    await expect(field(m, 'point_code').locator('input')).toBeDisabled();
    await expect(field(m, 'point_name').locator('input')).toHaveValue(name);

    await m.getByTestId('sub-table-items').getByRole('button', { name: '添加' }).click();
    const sheet = m.locator('.m-popup:visible').filter({ hasText: '检查项目' });
    await sheet.getByTestId('field-item_name').locator('input').fill(`${name}外观检查`);
    await sheet.getByRole('button', { name: '确定' }).click();
    await expect(m.getByTestId('sub-row')).toContainText(`${name}外观检查`);

    await m.getByTestId('upload-photos').setInputFiles({ name: `${code}.png`, mimeType: 'image/png', buffer: PHOTO });
    await expect(field(m, 'photos').locator('img')).toHaveCount(1);
    await signOnPad(m);
    await field(m, 'position').getByRole('button', { name: '获取当前位置' }).click();
    await expect(field(m, 'position').getByTestId('gis-coords')).toContainText('纬度 31.82');
    if (i === 0) await m.screenshot({ path: `${SHOTS}-scan-filled.png`, fullPage: true });

    await m.getByRole('button', { name: '保存' }).click();
    await m.getByRole('button', { name: '确定' }).click();
    await expect(m).toHaveURL(new RegExp(`/m/form/${recordForm}/record/\\d+`));
    await expect(field(m, 'point_name')).toContainText(name);
  }
  await m.screenshot({ path: `${SHOTS}-scan-saved.png`, fullPage: true });
  const rows = await withDb(async (c) =>
    (await c.query(
      `select r.point_code, r.photos is not null as photo, r.sign is not null as signed, r.lat is not null as placed, (select count(*)::int from "form_${recordForm}__items" i where i.parent_id = r.id) as items
         from "form_${recordForm}" r join sys_user u on u.id = r.create_by where u.username = 'xj_sunqi' and exists (select 1 from "form_${recordForm}__items" i where i.parent_id = r.id and i.item_name like '%外观检查') order by r.id desc limit 3`,
    )).rows,
  );
  expect(rows.map((r) => r.point_code).sort()).toEqual(['CP-01', 'CP-02', 'CP-03']);
  for (const r of rows) expect(r).toMatchObject({ photo: true, signed: true, placed: true, items: 1 });

  // 孙七 reports a hazard found at 装卸站台: 提交 starts its 隐患整改.
  const hazardForm = await appForm('xj_hazard');
  await m.goto(`${BASE}/m/form/${hazardForm}/add`);
  await expect(m.getByText('新增隐患')).toBeVisible();
  await field(m, 'point_code').locator('input').fill('CP-02');
  await field(m, 'company').getByRole('button').click();
  await m.getByTestId('picker-list').locator('.adm-list-item').first().click();
  await field(m, 'deadline').getByRole('button').click();
  const wheel = m.locator('.adm-picker:visible').filter({ hasText: '整改期限' });
  await expect(wheel).toBeVisible();
  await wheel.getByText('确定').click();
  await field(m, 'description').getByRole('textbox').fill(HAZARD);
  await m.screenshot({ path: `${SHOTS}-hazard.png`, fullPage: true });
  await m.getByRole('button', { name: '提交' }).click();
  await m.locator('.adm-dialog').filter({ hasText: '确认保存吗？' }).getByText('确定').click();
  await expect(m.getByText('提交成功')).toBeVisible();
  await expect(m.locator('.m-record-status')).toContainText('审批中');
  await m.context().close();
});

test('the rectification reaches 周八, 孙七’s supervisor, in his 待办 on the phone', async ({ browser }) => {
  const m = await phone(browser);
  await phoneLogin(m, 'xj_zhouba');
  await m.getByRole('navigation', { name: '主导航' }).getByText('待办', { exact: true }).tap();
  const todo = m.getByText('孙七提交的隐患').first();
  await expect(todo).toBeVisible();
  await m.screenshot({ path: `${SHOTS}-supervisor-todo.png` });
  await todo.tap();
  const task = m.getByTestId('task-page');
  await expect(task.getByText(HAZARD)).toBeVisible();
  await expect(task).toContainText('隐患整改');
  await m.screenshot({ path: `${SHOTS}-supervisor-task.png`, fullPage: true });
  await m.context().close();
});
