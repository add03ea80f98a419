import { mkdirSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';

/**
 * Instant disbursement against the real api and the sandbox provider (issue 13): finance pays
 * one signed loan by double-clicking "Pay now" and exactly one payment is made. Screenshots
 * (1280 px light, 360 px dark) go to SHOTS_DIR when it is set, for review.
 */
const PASSWORD = 'Demo#2026';
const SHOTS = process.env['SHOTS_DIR'];

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill('finance@demo.zm');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('finance pays one loan instantly by double-clicking: exactly one payment', async ({ page }) => {
  if (SHOTS) test.slow();
  await signIn(page);
  const aside = page.getByRole('complementary', { name: 'Main menu' });
  await aside.getByRole('button', { name: 'Transactions' }).click();
  await aside.getByRole('button', { name: 'Disbursements' }).click();
  await aside.getByRole('link', { name: 'Instant' }).click();
  await expect(page).toHaveURL(/\/transactions\/disbursements\/instant$/);
  const table = page.getByRole('table', { name: 'Payable loans' });
  const pay = table.getByRole('button', { name: /^Pay / }).first();
  await expect(pay).toBeVisible();
  const label = (await pay.getAttribute('aria-label')) ?? '';
  const reference = label.replace(/^Pay /, '');
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/instant-1280-light.png`, fullPage: true });
  }

  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/transactions/disburse/single')) calls.push(r.headers()['idempotency-key'] ?? '');
  });
  await pay.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(reference);
  await dialog.getByRole('button', { name: 'Pay now' }).dblclick();
  await expect(dialog).toBeHidden();
  // Paid: the loan leaves the payable list (the toast names the disbursement).
  await expect(page.getByText(/Disbursement #\d+ (sent|failed)/).first()).toBeVisible();
  await expect(table.getByRole('button', { name: label })).toHaveCount(0);
  expect(new Set(calls).size).toBe(1);

  // The list of all disbursements holds exactly one live payment for this loan.
  await page.goto(`/transactions/disbursements?search=${encodeURIComponent(reference)}`);
  const list = page.getByRole('table', { name: 'Disbursements' });
  // The demo data may hold an earlier failed attempt of the same loan; the live (pending or paid) ones are one.
  await expect(list.locator('tbody tr').first()).toBeVisible();
  await expect(list.locator('tbody tr').filter({ hasNotText: 'Failed' })).toHaveCount(1);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/list-1280-light.png`, fullPage: true });
    await list.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Provider messages' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/details-1280-light.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${SHOTS}/details-360-dark.png`, fullPage: true });
    await page.goto('/transactions/disbursements/instant');
    await expect(page.getByRole('table', { name: 'Payable loans' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/instant-360-dark.png`, fullPage: true });
  }
});
