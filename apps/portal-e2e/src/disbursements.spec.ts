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

/** ZMW as the portal shows it (exact: from ngwee). */
const zmw = (ngwee: bigint) => `ZMW ${(ngwee / 100n).toLocaleString('en-US')}.${String(ngwee % 100n).padStart(2, '0')}`;
const ngwee = (amount: string) => {
  const [w, f = ''] = amount.split('.');
  return BigInt(w) * 100n + BigInt((f + '00').slice(0, 2));
};

test('finance pays ten loans in bulk: one payment each under one batch, and the dashboard moves by them', async ({ page }) => {
  test.slow();
  await signIn(page);
  const before = await (await page.request.get('/api/dashboard/disbursement-transactions-stats')).json();
  const payable = await (await page.request.get('/api/disburse-client?page=1&pageSize=100')).json();
  const byReference = new Map((payable.items as { application_id: number; reference_code: string; amount: string }[]).map((l) => [l.reference_code, l]));

  await page.goto('/transactions/disbursements/instant');
  const table = page.getByRole('table', { name: 'Payable loans' });
  const boxes = table.getByRole('checkbox', { name: /^Select (?!all)/ });
  await expect(boxes.nth(10)).toBeVisible();
  const chosen: { application_id: number; reference_code: string; amount: string }[] = [];
  // Ten of them, not the first (the single payment above may still be settling it).
  for (let i = 1; i <= 10; i++) {
    const box = boxes.nth(i);
    const reference = ((await box.getAttribute('aria-label')) ?? '').replace(/^Select /, '');
    const loan = byReference.get(reference);
    expect(loan, reference).toBeDefined();
    chosen.push(loan as (typeof chosen)[number]);
    await box.check();
  }
  const total = chosen.reduce((s, l) => s + ngwee(l.amount), 0n);
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar).toContainText('10 selected');
  await toolbar.getByRole('button', { name: 'Pay selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Pay the selected loans' });
  await expect(confirm).toContainText(`Pay 10 loans, ${zmw(total)} in total`);
  await confirm.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('10 of 10 sent.')).toBeVisible({ timeout: 30_000 });
  for (const l of chosen) await expect(table.getByRole('checkbox', { name: `Select ${l.reference_code}` })).toHaveCount(0);

  // In the api: each loan paid once, all under one batch, in bulk mode, settled by the provider.
  const ids = new Set(chosen.map((l) => l.application_id));
  let mine: { application_id: number; status: string; mode: string; batch_id: string | null; amount: string }[] = [];
  await expect(async () => {
    const list = await (await page.request.get('/api/transactions/disbursements?mode=instant_bulk&pageSize=100')).json();
    mine = (list.items as typeof mine).filter((d) => ids.has(d.application_id as number));
    expect(mine).toHaveLength(10);
    expect(mine.every((d) => d.status === 'success')).toBe(true);
  }).toPass({ timeout: 20_000 });
  expect(new Set(mine.map((d) => d.application_id)).size).toBe(10);
  expect(new Set(mine.map((d) => d.batch_id)).size).toBe(1);
  expect(mine.reduce((s, d) => s + ngwee(d.amount), 0n)).toBe(total);

  // The dashboard (reached through the menu: the payments invalidated its cached figures) moved by exactly them.
  const after = await (await page.request.get('/api/dashboard/disbursement-transactions-stats')).json();
  expect(after.total.count).toBe(before.total.count + 10);
  expect(ngwee(after.total.amount) - ngwee(before.total.amount)).toBe(total);
  expect(after.today.count).toBe(before.today.count + 10);
  await page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByLabel('Disbursement statistics');
  await expect(card).toContainText(zmw(ngwee(after.total.amount)));
  await expect(card).toContainText(`${after.total.count.toLocaleString('en-US')} transactions`);
  await expect(card).toContainText(`${after.today.count.toLocaleString('en-US')} transaction`);
  await card.scrollIntoViewIfNeeded();
  await shots(page, 'dashboard');
});
