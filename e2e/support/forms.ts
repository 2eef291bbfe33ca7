import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

/** Creates a form through the API and saves its design; returns the form id. */
export async function createForm(
  request: APIRequestContext,
  formName: string,
  formMeta: unknown,
): Promise<number> {
  const saved = await request.post('/api/form/formconf/save', { data: { formName }, headers: HEADERS });
  expect(saved.ok(), await saved.text()).toBe(true);
  const formId = (await saved.json()).formId as number;
  const design = await request.post('/api/form/saveformdesign', {
    data: { formId, formMeta },
    headers: HEADERS,
  });
  expect(design.ok(), await design.text()).toBe(true);
  return formId;
}

/** The id of a form found by its exact name. */
export async function formIdByName(request: APIRequestContext, formName: string): Promise<number> {
  const res = await request.get(
    `/api/form/formconf/query?pageNum=1&pageSize=50&formName=${encodeURIComponent(formName)}`,
  );
  const datas = (await res.json()).datas as Array<{ formId: number; formName: string }>;
  const hit = datas.find((d) => d.formName === formName);
  expect(hit, `form ${formName}`).toBeTruthy();
  return hit!.formId;
}

/** A field of the rendered form, by its model. */
export const field = (scope: Page | Locator, model: string) =>
  scope.locator(`.form-field[data-model="${model}"]`).first();

/**
 * Chooses an option in the antd select dropdown just opened. That dropdown is the newest open one:
 * a dropdown still closing from an earlier choice (or left in the DOM with its list collapsed) may
 * list the same option, and taking the first match then waited on an option that never shows.
 */
export async function chooseOption(page: Page, title: string) {
  await page
    .locator('.ant-select-dropdown:visible:not(.ant-select-dropdown-hidden):not([class*="-leave"])')
    .last()
    .locator('.ant-select-item-option')
    .filter({ hasText: title })
    .first()
    .click();
}

/** Types a date into an antd picker and commits it. */
export async function typeDate(page: Page, input: Locator, text: string) {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}

/** Confirms the antd confirmation dialog showing this text. */
export async function confirm(page: Page, text: string) {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toHaveCount(0);
}

/** A visible antd dialog by its title. */
export const dialog = (page: Page, title: string | RegExp) =>
  page
    .locator('.ant-modal')
    .filter({ has: page.locator('.ant-modal-title', { hasText: title }) })
    .last();

/** Draws a stroke across a canvas, as a person signing. */
export async function drawOn(page: Page, canvas: Locator) {
  // Waits until the dialog has finished opening, so the strokes land where they are aimed.
  await canvas.click({ trial: true });
  const box = await canvas.boundingBox();
  if (!box) throw new Error('canvas not visible');
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(
      box.x + box.width * (0.2 + i * 0.05),
      box.y + box.height * (0.6 - Math.sin(i / 2) * 0.25),
      { steps: 2 },
    );
  }
  await page.mouse.up();
}

/** A message or notification showing this text. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: text }).last();

/** A button by its exact text (antd buttons also carry their icon's name). */
export const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button').filter({ hasText: new RegExp(`^\\s*${text}\\s*$`) });

/**
 * Fills the demo form 危化品车辆入园登记's required fields in the open add dialog (a 40-tonne tanker
 * loaded with 10 tonnes, entering on 2026-12-02), as the approval and tenant specs file it.
 */
export async function fillDemoVehicle(page: Page, plate: string, driverMobile: string) {
  await field(page, 'plate_no').locator('input').fill(plate);
  await field(page, 'vehicle_type').locator('.ant-select').click();
  await chooseOption(page, '罐式货车');
  await field(page, 'rated_load').locator('input').fill('40');
  await field(page, 'actual_load').locator('input').fill('10');
  await field(page, 'driver_mobile').locator('input').fill(driverMobile);
  await typeDate(page, field(page, 'entry_date').locator('input'), '2026-12-02');
}
