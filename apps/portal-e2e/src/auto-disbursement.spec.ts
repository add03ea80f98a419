import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { businessDateOf } from '@loan/shared-util-format';
import { applyByApi, drawSignature, freshBorrower, REP_SIGNATURE, staffClient } from '../../../tools/e2e/borrower-flows';
import { PASSWORD, shots, signInAsFinance as signIn } from './disbursement-helpers';

/**
 * Automatic disbursement and statement reconciliation against the real api, its pg-boss
 * queue and the sandbox provider (issue 13). Screenshots (1280 and 360 px, light and dark)
 * go to SHOTS_DIR when it is set, for review.
 */

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('.notistack-SnackbarContainer').analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('finance sets up a rule that pays a signed loan by itself within seconds, dry-runs and pauses it', async ({ page }) => {
  test.slow();
  await signIn(page);
  // The loan the rule will pay: the last payable one (the instant spec pays the first); the
  // rule's range and daily limit are its amount, so it pays this one loan only.
  const payable = await (await page.request.get('/api/disburse-client?page=1&pageSize=100')).json();
  const loan = payable.items[payable.items.length - 1] as { application_id: number; amount: string; reference_code: string };
  expect(loan).toBeDefined();

  const aside = page.getByRole('complementary', { name: 'Main menu' });
  await aside.getByRole('button', { name: 'Transactions' }).click();
  await aside.getByRole('button', { name: 'Disbursements' }).click();
  await aside.getByRole('link', { name: 'Auto' }).click();
  await expect(page).toHaveURL(/\/transactions\/disbursements\/auto$/);
  await expect(page.getByRole('heading', { name: 'Automatic Disbursement' })).toBeVisible();

  await page.getByRole('button', { name: 'Add rule' }).click();
  const form = page.getByRole('dialog', { name: 'Add rule' });
  await form.getByLabel(/^Name/).fill(`E2E rule ${loan.reference_code}`);
  await form.getByLabel('Loans').selectOption('any');
  await form.getByLabel(/^Smallest amount/).fill(loan.amount);
  await form.getByLabel(/^Largest amount/).fill(loan.amount);
  await form.getByLabel(/^Daily limit/).fill(loan.amount);
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`Rule "E2E rule ${loan.reference_code}" added.`)).toBeVisible();

  // The queue runs it at once: within seconds the rule's last run shows the payment.
  const card = page.getByRole('region', { name: `Rule E2E rule ${loan.reference_code}` });
  await expect(async () => {
    await page.reload();
    await expect(card).toContainText(`Paid loan #${loan.application_id}`, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // Exactly one payment of that loan.
  const list = await (await page.request.get(`/api/transactions/disbursements?mode=auto&pageSize=100`)).json();
  expect((list.items as { application_id: number; status: string }[]).filter((d) => d.application_id === loan.application_id && d.status !== 'failed')).toHaveLength(1);

  // The dry run now: the daily limit is spent.
  await card.getByRole('button', { name: 'Dry run' }).click();
  const dry = page.getByRole('dialog', { name: `Dry run: E2E rule ${loan.reference_code}` });
  await expect(dry).toContainText('Nothing has been paid.');
  await shots(page, 'auto-dry-run');
  await dry.getByRole('button', { name: 'Close' }).last().click();

  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.getByRole('button', { name: 'Resume' })).toBeVisible();
  // The badge sits in the card's header, outside its region; a retry leaves an earlier paused rule.
  await expect(page.getByText('Paused', { exact: true }).first()).toBeVisible();
  // The pointer still rests on the button just pressed and its colours are mid-transition:
  // move it away and let the transition end before axe measures contrast.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  expect(await axe(page)).toEqual([]);
  await shots(page, 'auto');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await axe(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
});

test('finance reconciles with a provider statement: matched and unmatched lines on both sides, then confirm', async ({ page }) => {
  test.slow();
  await signIn(page);
  const res = await (await page.request.get('/api/transactions/disbursements?status=success&reconciled=false&pageSize=50')).json();
  const paid = (res.items as { id: number; provider_ref: string | null; amount: string; created_at: string }[]).filter((d) => d.provider_ref);
  expect(paid.length).toBeGreaterThanOrEqual(3);
  const [a, b, c] = paid;
  // Two lines as paid, one whose amount differs (the mismatch), one unknown reference.
  const csv = [
    'Date,Transaction ID,Amount,Payee',
    `${businessDateOf(a.created_at)} 10:15,${a.provider_ref},${a.amount},x`,
    `${businessDateOf(b.created_at)},${b.provider_ref},${b.amount},x`,
    `${businessDateOf(c.created_at)},${c.provider_ref},1.00,x`,
    `${businessDateOf(c.created_at)},NOT-OURS-1,25.00,x`,
  ].join('\r\n');

  await page.goto('/transactions/disbursements');
  await page.getByRole('button', { name: 'Import statement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reconcile with a statement' });
  await dialog.getByLabel('Provider statement (CSV)').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByTestId('statement-summary')).toContainText('2 matched (2 to reconcile), 2 statement lines unmatched');
  await expect(dialog.getByRole('table', { name: 'Statement lines without a match' })).toContainText('The amount differs');
  await expect(dialog.getByRole('table', { name: 'Statement lines without a match' })).toContainText('No disbursement has this provider reference.');
  await expect(dialog.getByRole('table', { name: 'Disbursements not in the statement' })).toContainText(c.provider_ref ?? '');
  expect(await axe(page)).toEqual([]);
  await shots(page, 'reconcile');
  await dialog.getByRole('button', { name: 'Reconcile 2 matched' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 reconciled from the statement.')).toBeVisible();
  for (const d of [a, b]) {
    const after = await (await page.request.get(`/api/transactions/disbursements/${d.id}`)).json();
    expect(after.reconciled).toBe(true);
  }
  const other = await (await page.request.get(`/api/transactions/disbursements/${c.id}`)).json();
  expect(other.reconciled).toBe(false);
});

test('a rule pays the next loan signed after it was set up, by itself, within seconds', async ({ page, browser, request, playwright }, info) => {
  test.slow();
  // A loan of an amount the demo data has none of (its amounts are whole fifties), approved
  // and sent its letter, not yet signed: nothing to pay when the rule is set up.
  const amount = '12345.67';
  const borrower = freshBorrower();
  const loan = await applyByApi(request, borrower, amount);
  const admin = await staffClient(playwright, info.project.use.baseURL as string, { email: 'admin@demo.zm', password: PASSWORD });
  const xsrf = decodeURIComponent((await admin.ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const approve = await admin.ctx.put('/api/applyForLoan/update', { data: { id: loan.id, status: 'approved' }, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(approve.status(), await approve.text()).toBe(200);
  const gen = await admin.post(`/api/loan-offer-letter/generate/${loan.id}`, { authorized_rep_signature: REP_SIGNATURE });
  expect(gen.status(), await gen.text()).toBe(200);
  const letter = (await gen.json()) as { token: string };
  await admin.ctx.dispose();

  await signIn(page);
  await page.goto('/transactions/disbursements/auto');
  const name = `Next signed ${loan.reference_code}`;
  await page.getByRole('button', { name: 'Add rule' }).click();
  const form = page.getByRole('dialog', { name: 'Add rule' });
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel('Loans').selectOption('any');
  await form.getByLabel(/^Smallest amount/).fill(amount);
  await form.getByLabel(/^Largest amount/).fill(amount);
  await form.getByLabel(/^Daily limit/).fill(amount);
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText(`Rule "${name}" added.`)).toBeVisible();
  const card = page.getByRole('region', { name: `Rule ${name}` });
  // Its first run (queued as it was added) finds nothing: the letter is not signed yet.
  await page.waitForTimeout(3_000);
  const none = await (await page.request.get(`/api/transactions/disbursements?search=${loan.reference_code}&pageSize=15`)).json();
  expect(none.items).toHaveLength(0);

  // The borrower signs, in their own browser.
  const phone = await (await browser.newContext()).newPage();
  await phone.goto(`/loan-offer-letter/${letter.token}`);
  await phone.getByLabel('Your full name').fill(borrower.name);
  await drawSignature(phone);
  await phone.getByRole('button', { name: 'Sign and accept the offer' }).click();
  await expect(phone.getByText('Thank you. Your loan offer is signed.')).toBeVisible();
  const signedAt = Date.now();
  await phone.context().close();

  // Within seconds (not at the next minute's run) the rule has paid it, on its own.
  await expect(async () => {
    await page.reload();
    await expect(card).toContainText(`Paid loan #${loan.id}`, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  console.log(`paid by the rule ${((Date.now() - signedAt) / 1000).toFixed(1)} s after the signature`);
  const paid = await (await page.request.get(`/api/transactions/disbursements?search=${loan.reference_code}&pageSize=15`)).json();
  expect(paid.items).toHaveLength(1);
  expect(paid.items[0]).toMatchObject({ application_id: loan.id, mode: 'auto', amount });

  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.getByRole('button', { name: 'Resume' })).toBeVisible();
});
