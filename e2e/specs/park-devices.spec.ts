import { expect, test } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';

/* One server is shared by every spec: names carry a per-run suffix. */
const RUN = Date.now().toString(36).slice(-5);

test.describe('系统管理 › 设备管理', () => {
  test('管理员新增道闸设备、得到一次性令牌；设备凭令牌上报后显示在线；重置令牌和停用后旧令牌失效；上报过的设备不能删除', async ({ page }) => {
    test.setTimeout(90_000);
    const gateCode = `E2E${RUN}`;
    const gateName = `测试道口${RUN}`;
    await withDb((c) => c.query(`insert into park_gate (gate_code, gate_name) values ($1, $2) on conflict do nothing`, [gateCode, gateName]));
    const deviceCode = `CAM-${RUN}`;
    const deviceName = `车牌识别${RUN}`;

    await loginAsAdmin(page);
    await page.goto(`${BASE}/system/device`);
    await expect(page.locator('.list-page .ant-card-head-title').filter({ hasText: '设备管理' })).toBeVisible();

    // 1. New device: a gate camera must name its gate; the token is shown once.
    await page.getByRole('button', { name: '新增设备' }).click();
    const dialog = page.getByRole('dialog', { name: '新增设备' });
    await dialog.getByLabel('设备编号').fill('坏 编号');
    await dialog.getByLabel('设备名称').fill(deviceName);
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('设备编号只能包含字母、数字、下划线和短横线，最多64个字符')).toBeVisible();
    await expect(dialog.getByText('道闸和闸机设备必须选择所在道口')).toBeVisible();
    await dialog.getByLabel('设备编号').fill(deviceCode);
    await dialog.getByLabel('所在道口').click();
    await page.locator('.ant-select-dropdown:visible').getByText(gateName, { exact: true }).click();
    await dialog.getByRole('button', { name: '保存' }).click();
    const tokenBox = page.getByTestId('device-token');
    await expect(tokenBox).toBeVisible();
    const token = (await tokenBox.textContent())!.trim();
    expect(token).toMatch(/^pd_/);
    await page.screenshot({ path: 'test-results/screens/park-device-token.png' });
    await page.getByRole('button', { name: '我已记下' }).click();

    const row = page.locator('.ant-table-row').filter({ hasText: deviceCode });
    await expect(row).toContainText('车辆道闸');
    await expect(row).toContainText(gateName);
    await expect(row).toContainText('离线');
    await expect(row).toContainText(`…${token.slice(-4)}`);

    // 2. The device reports with its token (no session) and shows as online.
    const report = (t: string, id: string) =>
      page.request.post('/api/ingest/gatePasses', {
        headers: { authorization: `Bearer ${t}` },
        data: { events: [{ eventId: id, gateCode, plate: '湘A12345', direction: 1, passTime: Date.now() - 60_000, vehicleType: '1' }] },
      });
    const first = await report(token, `e1-${RUN}`);
    expect(await first.json()).toEqual({ errCode: 0, accepted: 1, duplicates: 0 });
    await page.getByPlaceholder('设备编号或名称').fill(deviceCode);
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(row).toContainText('在线');
    await page.screenshot({ path: 'test-results/screens/park-device-list.png' });

    // 3. A new token: the old one stops working.
    await row.getByRole('button', { name: '重置令牌' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page.locator('.ant-modal-confirm-title').filter({ hasText: '令牌已重置' })).toBeVisible();
    const newToken = (await page.getByTestId('device-token').textContent())!.trim();
    await page.getByRole('button', { name: '我已记下' }).click();
    expect(newToken).not.toBe(token);
    expect((await report(token, `e2-${RUN}`)).status()).toBe(401);
    expect((await report(newToken, `e3-${RUN}`)).status()).toBe(200);

    // 4. Disabled: even the new token is refused.
    await row.getByRole('button', { name: '停用' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已停用')).toBeVisible();
    await expect(row.getByRole('button', { name: '启用' })).toBeVisible();
    const refused = await report(newToken, `e4-${RUN}`);
    expect(refused.status()).toBe(401);
    expect((await refused.json()).errMsg).toBe('设备令牌无效或设备已停用');

    // 5. A device that has reported keeps its history: it cannot be deleted.
    await row.getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('该设备已上报过数据，不能删除，请改为停用')).toBeVisible();
    await expect(row).toBeVisible();
  });
});
