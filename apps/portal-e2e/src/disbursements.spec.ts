import { randomInt } from 'node:crypto';
import { test, expect } from '@playwright/test';
import { loopbackClient, payableLoanByApi } from '../../../tools/e2e/borrower-flows';
import { PASSWORD, shots, SHOTS, signInAsFinance as signIn } from './disbursement-helpers';

/**
 * Instant disbursement against the real api and the sandbox provider (issue 13): finance pays
 * one signed loan by double-clicking "Pay now" and exactly one payment is made; pays ten loans
 * it made itself (so a retry pays its own ten) in bulk and the dashboard moves by them. Screenshots of the instant screen, the list and the
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

test('finance pays ten loans of its own in bulk: one payment each under one batch, each row shows its progress and leaves the list, the dashboard moves by them', async ({ page }) => {
  // Ten loans made through the api first (apply, approve, letter, signature), then the bulk run.
  test.setTimeout(400_000);
  // Its own ten loans, whatever an earlier attempt paid: borrowers named with a word no one else
  // has (the search finds exactly them), mobiles not ending in 0000 (the sandbox fails those).
  const word = Array.from({ length: 7 }, (_, i) => String.fromCharCode((i ? 97 : 65) + randomInt(26))).join('');
  const stem = randomInt(1_000_000);
  const admin = loopbackClient();
  await admin.signIn({ email: 'admin@demo.zm', password: PASSWORD });
  const mine: { id: number; reference: string; amount: string }[] = [];
  for (let i = 0; i < 10; i++) {
    const digits = String(stem * 100 + 11 + i).padStart(8, '0');
    const nrc = `${String(stem).padStart(6, '0')}/${String(11 + i)}/1`;
    const amount = `${2000 + i * 100}.${String(randomInt(1, 100)).padStart(2, '0')}`;
    const app = await payableLoanByApi(admin, { mobile: `09${digits}`, nrc, name: `Mwila ${word} Banda` }, amount);
    mine.push({ id: app.id, reference: app.reference_code, amount });
  }
  const total = mine.reduce((s, l) => s + ngwee(l.amount), 0n);

  await signIn(page);
  const before = await (await page.request.get('/api/dashboard/disbursement-transactions-stats')).json();
  await page.goto('/transactions/disbursements/instant');
  const table = page.getByRole('table', { name: 'Payable loans' });
  await expect(table.getByRole('button', { name: /^Pay / }).first()).toBeVisible();
  // Exactly its ten: searched by the borrowers' word.
  const search = page.getByRole('searchbox', { name: 'Search by loan, client or mobile' });
  await search.fill(word);
  await search.press('Enter');
  await expect(page.getByText(/payable loans?, /)).toHaveText(`10 payable loans, ${zmw(total)} in total`);
  const boxes = table.getByRole('checkbox', { name: /^Select (?!all)/ });
  await expect(boxes).toHaveCount(10);
  for (const l of mine) await table.getByRole('checkbox', { name: `Select ${l.reference}` }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar).toContainText('10 selected');
  await shots(page, 'instant-bulk-before');

  // Each row's progress as it happens: waiting, sending, then the disbursement and its status.
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    new MutationObserver(() => {
      // The payable loans are the page's one table (named by its caption).
      for (const el of document.querySelectorAll('table tbody tr')) {
        const ref = (el.querySelector('input[type=checkbox]')?.getAttribute('aria-label') ?? '').replace(/^Select /, '');
        const text = el.querySelector('[role=status]')?.textContent;
        if (ref && text && (seen[ref] ??= []).at(-1) !== text) seen[ref].push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await toolbar.getByRole('button', { name: 'Pay selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Pay the selected loans' });
  await expect(confirm).toContainText(`Pay 10 loans, ${zmw(total)} in total`);
  await confirm.getByRole('button', { name: 'Pay now' }).click();
  // The screen sends the loans one by one (a few seconds each on a loaded machine).
  await expect(page.getByText('10 of 10 sent.')).toBeVisible({ timeout: 150_000 });
  // Paid rows leave the list without a reload, and its count follows.
  await expect(boxes).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('No loans to pay')).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: Record<string, string[]> }).progressSeen);
  for (const l of mine) expect(seen[l.reference], l.reference).toEqual(expect.arrayContaining(['Sending…', expect.stringMatching(/^#\d+ (pending|success)$/)]));
  await shots(page, 'instant-bulk-after');

  // In the api: each loan paid once, all under one batch, in bulk mode, settled by the provider.
  const ids = new Set(mine.map((l) => l.id));
  let paid: { application_id: number; status: string; mode: string; batch_id: string | null; amount: string }[] = [];
  await expect(async () => {
    const list = await (await page.request.get('/api/transactions/disbursements?mode=instant_bulk&pageSize=100')).json();
    paid = (list.items as typeof paid).filter((d) => ids.has(d.application_id));
    expect(paid).toHaveLength(10);
    expect(paid.every((d) => d.status === 'success')).toBe(true);
  }).toPass({ timeout: 30_000 });
  expect(new Set(paid.map((d) => d.application_id)).size).toBe(10);
  expect(new Set(paid.map((d) => d.batch_id)).size).toBe(1);
  expect(paid.reduce((s, d) => s + ngwee(d.amount), 0n)).toBe(total);

  // The dashboard (reached through the menu: the run invalidated its cached figures) moved by exactly them.
  const after = await (await page.request.get('/api/dashboard/disbursement-transactions-stats')).json();
  expect(after.total.count).toBe(before.total.count + 10);
  expect(ngwee(after.total.amount) - ngwee(before.total.amount)).toBe(total);
  expect(after.successful.count).toBe(before.successful.count + 10);
  expect(ngwee(after.successful.amount) - ngwee(before.successful.amount)).toBe(total);
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
