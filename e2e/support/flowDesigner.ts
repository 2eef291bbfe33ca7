import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './forms.ts';

/** Helpers for the flow designers' specs (automation, issue 19; approvals, issue 20): the canvas, its drawers and dialogs. */

export const canvas = (page: Page) => page.getByTestId('flow-canvas');

/** A card on the canvas by its exact title. */
export const nodeNamed = (page: Page, name: string) =>
  canvas(page)
    .locator('[data-testid="flow-node"]')
    .filter({ has: page.locator('.flow-node-title', { hasText: new RegExp(`^${name}$`) }) });

/** Adds a node from the + menu (动作, 条件分支; approvals: 审批人, 抄送人) on the line after `card` (a card or a route). */
export async function addAfter(page: Page, card: Locator, entry: '动作' | '条件分支' | '审批人' | '抄送人') {
  const id = await card.getAttribute('data-node-id');
  await canvas(page).locator(`.flow-add-btn[data-after="${id}"]`).click();
  await page.locator('.flow-add-menu:visible').getByRole('button', { name: entry }).click();
}

/** An open drawer by its test id (trigger-drawer, action-drawer, condition-drawer). */
export const drawer = (page: Page, testId: string) => page.locator(`.ant-drawer-content-wrapper:visible`).filter({ has: page.getByTestId(testId) });

/** A radio by its label text (a note in （） may follow). */
export const radio = (scope: Locator, text: string) =>
  scope.locator('label.ant-radio-wrapper').filter({ hasText: new RegExp(`^${text.replace(/[+()]/g, (c) => `\\${c}`)}(（|$)`) });

/** Opens the select labelled `label` (the n-th in scope) and chooses `option`. */
export async function pick(page: Page, scope: Locator, label: string, option: string, nth = 0) {
  await scope.getByRole('combobox', { name: label }).nth(nth).click();
  await chooseOption(page, option);
}

/** A warning or error message showing exactly this text. */
export async function expectMessage(page: Page, text: string) {
  await expect(page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: text }).last()).toBeVisible();
}

/**
 * Clicks a button that adds a row until the row is there: a click landing while an antd dialog
 * is still opening can be lost.
 */
export async function addRow(scope: Locator, text: string, rows: Locator, count: number) {
  await expect(async () => {
    await scope.getByRole('button').filter({ hasText: new RegExp(`^\\s*${text}\\s*$`) }).click();
    await expect(rows).toHaveCount(count, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}
