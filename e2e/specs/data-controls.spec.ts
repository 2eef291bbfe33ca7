import { expect, test } from '@playwright/test';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';

/* 高级控件数据源 (issue 40, screens-round3 §5.4): the dialog's rules and messages, 字段映射, edit by row click, delete with a confirmation. */
const RUN = Date.now().toString(36).slice(-5);

test('高级控件数据源：必填提示、字段映射、点击行编辑、勾选删除', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`${BASE}/system/dataControls`);
  await expect(page.locator('.list-page .ant-card-head-title')).toHaveText('高级控件数据源');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增数据源' });
  await dialog.getByRole('button', { name: '保存' }).click();
  for (const msg of ['请输入模块标题', '请输入value属性字段', '请输入value属性字段含义', '请输入label属性字段', '请输入Label属性字段含义', '请输入数据请求地址']) {
    await expect(dialog.getByText(msg, { exact: true })).toBeVisible();
  }
  const title = `危化品目录${RUN}`;
  await dialog.getByLabel('模块标题').fill(title);
  await dialog.getByLabel('value属性字段', { exact: true }).fill('code');
  await dialog.getByLabel('value属性字段含义').fill('编码');
  await dialog.getByLabel('label属性字段', { exact: true }).fill('name');
  await dialog.getByLabel('Label属性字段含义').fill('名称');
  await dialog.getByLabel('数据请求地址').fill('ftp://x');
  await expect(dialog.getByText('数据请求地址须为完整的 http(s) 地址')).toBeVisible();
  await dialog.getByLabel('数据请求地址').fill('https://chem.park.example/api/list');
  await dialog.getByRole('button', { name: '添加映射' }).click();
  await dialog.getByLabel('字段名称').fill('cas');
  await dialog.getByLabel('字段描述').fill('CAS号');
  await page.screenshot({ path: '/tmp/s40-datacontrols-dialog.png' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  const row = page.locator('.data-controls-table tr').filter({ hasText: title });
  await expect(row).toContainText('https://chem.park.example/api/list');
  await expect(row).toContainText('自定义高级控件');

  await row.getByText(title).click();
  const edit = page.getByRole('dialog', { name: '编辑数据源' });
  await expect(edit.getByLabel('字段名称')).toHaveValue('cas');
  await edit.getByLabel('模块标题').fill(`${title}改`);
  await edit.getByRole('button', { name: '保存' }).click();
  const renamed = page.locator('.data-controls-table tr').filter({ hasText: `${title}改` });
  await expect(renamed).toBeVisible();
  await page.screenshot({ path: '/tmp/s40-datacontrols-list.png' });

  await renamed.locator('.ant-checkbox-input').check();
  await page.getByRole('button', { name: '删除', exact: true }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('确认删除该记录吗?');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(renamed).toHaveCount(0);
});
