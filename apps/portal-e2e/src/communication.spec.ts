import { test, expect, type Page } from '@playwright/test';

/**
 * Communication against the real api (issue 15): an officer composes an SMS to one client
 * picked by searching, previews it as the server renders it, sends it, sees it in the list
 * and opens its details (status, progress of its send). Screenshots of the composer and the
 * details (1280 and 360 px, light and dark) go to E2E_SHOTS_DIR when it is set.
 */
const SHOTS = process.env['E2E_SHOTS_DIR'];

async function signIn(page: Page, who = 'officer@demo.zm') {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill(who);
  await page.getByLabel('Password').fill('Demo#2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an officer sends an SMS to a client, sees it in the list and opens its details', async ({ page }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36).toUpperCase();
  await signIn(page);
  await page.goto('/communication');
  await expect(page.getByRole('heading', { name: 'Communication' })).toBeVisible();
  await page.getByRole('button', { name: 'Send SMS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send SMS' });
  // A borrower of the demo book, found by the server's search (the picker's list).
  await dialog.getByRole('searchbox', { name: /Find clients/ }).fill('Banda');
  const add = dialog.getByRole('list', { name: 'Matching clients' }).getByRole('button').first();
  const name = ((await add.locator('span').first().innerText()).replace(/^Add /, '')).trim();
  const client = { name };
  expect(name).toMatch(/Banda/);
  await add.click();
  await expect(dialog.getByRole('list', { name: 'Chosen clients' })).toContainText(client.name);
  await dialog.getByLabel(/^Message/).fill(`Dear {name}, your statement is ready. E2E-${run}`);
  // The server's rendering, per recipient.
  await expect(dialog.getByText(`Dear ${client.name}, your statement is ready. E2E-${run}`)).toBeVisible();
  await expect(dialog).toContainText('Reaches 1 client');
  await shots(page, 'compose-sms');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('SMS queued for sending.')).toBeVisible();

  // In the list (searched by the client's name), then its details.
  await page.getByRole('searchbox', { name: 'Search by client or recipient' }).fill(client.name);
  await page.getByRole('searchbox', { name: 'Search by client or recipient' }).press('Enter');
  const table = page.getByRole('table', { name: 'Communication' });
  await expect(table.getByRole('link', { name: client.name }).first()).toBeVisible();
  await table.getByRole('link', { name: client.name }).first().click();
  await expect(page).toHaveURL(/\/communication\/\d+(\?|$)/);
  await expect(page.getByText(`E2E-${run}`)).toBeVisible();
  // The outbox's sandbox report turns it delivered; the progress panel follows.
  const progress = page.getByRole('region', { name: 'Send progress' });
  await expect(progress).toContainText('Finished: 1 message.', { timeout: 20_000 });
  await expect(page.getByText('delivered', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await shots(page, 'message-details');
});
