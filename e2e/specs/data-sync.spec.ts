import { expect, test } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';

/* 数据同步 (issue 40, screens-round3 §5.3): grant interfaces to a sub-system, for chosen tenants; 推送记录. */
const RUN = Date.now().toString(36).slice(-5);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('数据同步：勾选接口、指定租户，确认保存，再次打开仍是所选', async ({ page }) => {
  await loginAsAdmin(page);
  const name = `同步子系统${RUN}`;
  const added = await page.request.post('/api/user/addSys', {
    data: { sysName: name, sysUrl: 'https://sync.park.example/', status: 0, sysIndex: 7, sso: 1, syn: 0 },
    headers: XHR,
  });
  expect((await added.json()).errCode).toBe(0);
  const tenant = `同步租户${RUN}`;
  await withDb((c) => c.query(`insert into sys_company (company_name) values ($1)`, [tenant]));

  await page.goto(`${BASE}/system/dataSyn`);
  const systems = page.locator('.datasyn-systems');
  await expect(systems.locator('.ant-card-head-title')).toHaveText('数据同步');
  await systems.getByText(name, { exact: true }).click();
  const main = page.locator('.datasyn-main');
  await expect(main.locator('.ant-card-head-title')).toHaveText(name);

  const interfaces = main.getByRole('tree', { name: '同步接口' });
  await interfaces.getByText('组织机构', { exact: true }).click();
  await interfaces.getByText('用户', { exact: true }).click();
  await main.getByText('指定租户', { exact: true }).click();
  await main.getByRole('combobox', { name: '租户' }).fill(tenant);
  await page.locator('.ant-select-dropdown').getByText(tenant, { exact: true }).click();
  await page.keyboard.press('Escape');
  await main.getByRole('button', { name: '保存' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确认保存吗？');
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await page.screenshot({ path: '/tmp/s40-datasyn.png' });

  // Saved on the server: the grants are the tenant's only.
  const grants = await withDb((c) =>
    c.query(
      `select i.inter_code, c.company_name from sys_rel_inter g join sync_interface i on i.id = g.inter_id
        join sys_module s on s.id = g.sys_id left join sys_company c on c.id = g.company_id where s.sys_name = $1 order by i.order_index`,
      [name],
    ),
  );
  expect(grants.rows).toEqual([
    { inter_code: 'organisations', company_name: tenant },
    { inter_code: 'users', company_name: tenant },
  ]);

  await page.reload();
  await page.locator('.datasyn-systems').getByText(name, { exact: true }).click();
  const tree = page.locator('.datasyn-main').getByRole('tree', { name: '同步接口' });
  await expect(tree.locator('.ant-tree-treenode-checkbox-checked')).toHaveCount(2);
  await expect(page.locator('.datasyn-main .ant-select-selection-item').filter({ hasText: tenant })).toBeVisible();

  await page.locator('.datasyn-main').getByRole('tab', { name: '推送记录' }).click();
  await expect(page.locator('.datasyn-pushes')).toBeVisible();
  await expect(page.locator('.datasyn-pushes thead')).toContainText('尝试次数');
});
