import { expect, type Locator, type Page } from '@playwright/test';
import { BASE } from './fixtures.ts';

/** The form designer as a person drives it: a new form, the canvas, the palette, dragging. */

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

export async function newForm(page: Page, formName: string): Promise<number> {
  const saved = await page.request.post('/api/form/formconf/save', { data: { formName }, headers: HEADERS });
  expect(saved.ok(), await saved.text()).toBe(true);
  return (await saved.json()).formId as number;
}

export async function openDesigner(page: Page, formId: number) {
  await page.goto(`${BASE}/form/design/${formId}`);
  await expect(page.getByTestId('form-designer')).toBeVisible();
}

export const canvas = (page: Page) => page.getByTestId('designer-canvas');
export const paletteItem = (page: Page, type: string) => page.locator(`.dz-palette-item[data-type="${type}"]`);
export const item = (page: Page, name: string) => canvas(page).locator(`.dz-item[data-name="${name}"]`).first();
export const rightPane = (page: Page) => page.locator('.dz-right');

/** Drags with the mouse, in small steps, as a person does (dnd-kit's pointer sensor). */
export async function drag(page: Page, source: Locator, target: Locator, at: 'center' | 'bottom' | 'left' | 'right' = 'center') {
  // Scrolled first, measured after: a scroll moves what was measured before it.
  await target.evaluate((el, block) => el.scrollIntoView({ block }), (at === 'bottom' ? 'end' : 'center') as ScrollLogicalPosition);
  await source.scrollIntoViewIfNeeded();
  const s = (await source.boundingBox())!;
  const t = (await target.boundingBox())!;
  const viewport = page.viewportSize()!;
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
  await page.mouse.down();
  await page.mouse.move(s.x + s.width / 2 + 12, s.y + s.height / 2 + 12, { steps: 4 });
  const x = t.x + t.width * (at === 'left' ? 0.25 : at === 'right' ? 0.75 : 0.5);
  const y = Math.min(at === 'bottom' ? t.y + t.height - 12 : t.y + t.height / 2, viewport.height - 20);
  await page.mouse.move(x, y, { steps: 12 });
  await page.mouse.move(x + 1, y + 1, { steps: 2 });
  await page.mouse.up();
}

/** Drops a palette control at the end of the form. */
export async function dropOnForm(page: Page, type: string) {
  const before = await canvas(page).locator('.dz-item').count();
  await drag(page, paletteItem(page, type), canvas(page).locator('.dz-root'), 'bottom');
  await expect(canvas(page).locator('.dz-item')).not.toHaveCount(before);
}

/** Sets 标题 and 字段标识 of the selected control in the property panel. */
export async function name(page: Page, title: string, model?: string) {
  const pane = rightPane(page);
  await pane.getByRole('tab', { name: '控件属性' }).click();
  await pane.getByLabel('标题', { exact: true }).fill(title);
  if (model !== undefined) await pane.getByLabel(/^(字段标识|子表标识)$/).fill(model);
}
