import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';
import { button } from '../support/forms.ts';

/*
 * The flow canvas (spec 001 §2.1) in the automation designer, in Chromium: a new flow's trigger is
 * flagged; the + offers 动作 and 条件分支; a route starts with 条件1 and 条件2 and gets 条件3 from
 * 添加条件; branches move left and right with priorities renumbered from 1; deleting branches down
 * to one collapses the route into the chain; titles are edited in place; the canvas zooms.
 */

const SHOTS = '/tmp/i19/canvas';
const canvas = (page: Page) => page.getByTestId('flow-canvas');
const nodeNamed = (page: Page, name: string) => canvas(page).locator('[data-testid="flow-node"]').filter({ has: page.locator('.flow-node-title', { hasText: new RegExp(`^${name}$`) }) });
const branches = (page: Page) => canvas(page).getByTestId('flow-branch');
const branchTitles = (page: Page) => branches(page).locator('.flow-node-branch .flow-node-title');
const priorities = (page: Page) => branches(page).locator('.flow-node-priority');

async function addAfter(page: Page, card: Locator, entry: '动作' | '条件分支') {
  const id = await card.getAttribute('data-node-id');
  await canvas(page).locator(`.flow-add-btn[data-after="${id}"]`).click();
  await page.locator('.flow-add-menu:visible').getByRole('button', { name: entry }).click();
}

test('流程画布：添加动作与条件分支，移动、删除、折叠分支，修改名称，缩放', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByTestId('top-bar').getByRole('link', { name: '自动化' }).hover();
  await page.getByRole('menuitem', { name: '流程管理' }).click();
  await expect(page).toHaveURL(`${BASE}/automation/flow`);
  await button(page, '新建').click();
  await expect(page).toHaveURL(`${BASE}/automation/design/new`);

  // A new flow: the trigger, flagged until set, with no delete icon.
  const trigger = nodeNamed(page, '触发器');
  await expect(trigger).toHaveClass(/is-error/);
  await expect(trigger).toContainText('请设置触发器');
  await expect(trigger.getByRole('button', { name: '删除节点' })).toHaveCount(0);

  await addAfter(page, trigger, '动作');
  const action = nodeNamed(page, '动作');
  await expect(action).toHaveClass(/is-error/);
  await expect(action.getByRole('button', { name: '删除节点' })).toBeVisible();

  // A route between the trigger and the action: 条件1 keeps the action, 条件2 is empty.
  await addAfter(page, trigger, '条件分支');
  await expect(branchTitles(page)).toHaveText(['条件1', '条件2']);
  await expect(priorities(page)).toHaveText(['优先级1', '优先级2']);
  await expect(branches(page).first()).toContainText('请设置条件');
  await expect(branches(page).first().locator('[data-testid="flow-node"]').filter({ hasText: '请设置动作' })).toHaveCount(1);

  await canvas(page).getByRole('button', { name: '添加条件' }).click();
  await expect(branchTitles(page)).toHaveText(['条件1', '条件2', '条件3']);
  await expect(priorities(page)).toHaveText(['优先级1', '优先级2', '优先级3']);
  // The first branch has no 左移, the last no 右移.
  await expect(branches(page).first().getByRole('button', { name: '左移' })).toHaveCount(0);
  await expect(branches(page).last().getByRole('button', { name: '右移' })).toHaveCount(0);

  // Rename 条件3 in place, then move it to the front: priorities renumber from 1.
  await branches(page).nth(2).locator('.flow-node-title').click();
  await page.getByLabel('节点名称').fill('其他情况');
  await page.getByLabel('节点名称').press('Enter');
  await branches(page).nth(2).getByRole('button', { name: '左移' }).click();
  await branches(page).nth(1).getByRole('button', { name: '左移' }).click();
  await expect(branchTitles(page)).toHaveText(['其他情况', '条件1', '条件2']);
  await expect(priorities(page)).toHaveText(['优先级1', '优先级2', '优先级3']);
  await branches(page).first().getByRole('button', { name: '右移' }).click();
  await expect(branchTitles(page)).toHaveText(['条件1', '其他情况', '条件2']);
  await page.screenshot({ path: `${SHOTS}-route.png` });
  // Pan: at 200% the flow is wider than the canvas; dragging the empty canvas scrolls it.
  for (let i = 0; i < 10; i++) await page.getByRole('button', { name: '放大' }).click();
  await expect(page.getByTestId('flow-zoom')).toHaveText('200%');
  const viewport = page.getByTestId('flow-viewport');
  const box = (await viewport.boundingBox())!;
  const before = await viewport.evaluate((el) => el.scrollLeft);
  await page.mouse.move(box.x + 300, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + 20, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before + 100);
  await page.screenshot({ path: `${SHOTS}-zoomed.png` });
  await page.getByRole('button', { name: '还原' }).click();
  await expect(page.getByTestId('flow-zoom')).toHaveText('100%');

  // An action inside 条件2's branch, then delete branches: at one left the route collapses.
  await addAfter(page, nodeNamed(page, '条件2'), '动作');
  await expect(branches(page).nth(2).locator('[data-testid="flow-node"]')).toHaveCount(2);
  await nodeNamed(page, '其他情况').getByRole('button', { name: '删除节点' }).click();
  await expect(branchTitles(page)).toHaveText(['条件1', '条件2']);
  await expect(priorities(page)).toHaveText(['优先级1', '优先级2']);
  await nodeNamed(page, '条件1').getByRole('button', { name: '删除节点' }).click();
  await expect(canvas(page).getByTestId('flow-route')).toHaveCount(0);
  // 条件2's action is now in the main chain, right after the trigger; 条件1's action went with its branch.
  const chain = canvas(page).locator('[data-testid="flow-node"]');
  await expect(chain).toHaveCount(2);
  await expect(chain.nth(0)).toContainText('触发器');
  await expect(chain.nth(1)).toContainText('请设置动作');
  await page.screenshot({ path: `${SHOTS}-collapsed.png` });

  // Deleting the action leaves the trigger alone.
  await chain.nth(1).getByRole('button', { name: '删除节点' }).click();
  await expect(chain).toHaveCount(1);

  // Zoom.
  await expect(page.getByTestId('flow-zoom')).toHaveText('100%');
  await page.getByRole('button', { name: '放大' }).click();
  await page.getByRole('button', { name: '放大' }).click();
  await expect(page.getByTestId('flow-zoom')).toHaveText('120%');
  await page.getByRole('button', { name: '缩小' }).click();
  await expect(page.getByTestId('flow-zoom')).toHaveText('110%');
  await page.getByRole('button', { name: '还原' }).click();
  await expect(page.getByTestId('flow-zoom')).toHaveText('100%');

  // Leaving with changes asks first.
  await button(page, '返回').click();
  const leave = page.locator('.ant-modal-confirm').filter({ hasText: '流程还未保存，确定离开吗？' });
  await leave.getByRole('button', { name: '离开' }).click();
  await expect(page).toHaveURL(`${BASE}/automation/flow`);
});
