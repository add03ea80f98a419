import { test, expect } from '@playwright/test';
import { shots, SHOTS, signInAsFinance as signIn } from './disbursement-helpers';

/**
 * Instant disbursement against the real api and the sandbox provider (issue 13): finance pays
 * one signed loan by double-clicking "Pay now" and exactly one payment is made; pays ten in
 * bulk and the dashboard moves by them. Screenshots of the instant screen, the list and the
 * details (1280 and 360 px, light and dark) go to SHOTS_DIR when it is set, for review.
 */

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
  await shots(page, 'instant');

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
  await shots(page, 'list');
  if (SHOTS) {
    await list.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Provider messages' })).toBeVisible();
    await shots(page, 'details');
  }
});
