import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';

/**
 * Repayments against the real api (issue 14): finance opens "Repayments (Add)" from the
 * menu, records a repayment of a loan picked with its balance and sees the balance change;
 * then uploads a CSV with a bad row, gets the row named with nothing saved, fixes it and
 * saves all rows. Screenshots go to tmp/screens.
 */
const SCREENS_DIR = join(__dirname, '../../../tmp/screens');
const money = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function signIn(page: Page, who = 'finance@demo.zm') {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill(who);
  await page.getByLabel('Password').fill('Demo#2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('finance records a repayment and sees the balance change; a CSV with a bad row saves nothing until fixed', async ({ page }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36).toUpperCase();
  await signIn(page);
  const aside = page.getByRole('complementary', { name: 'Main menu' });
  await aside.getByRole('button', { name: 'Transactions' }).click();
  await aside.getByRole('button', { name: 'Repayments' }).click();
  await aside.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/transactions\/repayments\?add=1/);

  const form = page.getByRole('form', { name: 'Add repayment' });
  const first = form.getByRole('radio').first();
  await expect(first).toBeVisible();
  const label = (await first.locator('xpath=ancestor::label').innerText()).replace(/\s+/g, ' ');
  const code = /(LA|TU)-\d{4}-\d{6}/.exec(label)?.[0] as string;
  const before = money(/Balance ZMW ([\d,]+\.\d\d)/.exec(label)?.[1] ?? '');
  expect(code).toBeTruthy();
  await first.check();
  await expect(form.getByText(`${code}: balance`)).toBeVisible();
  await form.getByLabel(/Amount/).fill('1.00');
  await form.getByLabel(/Payment reference/).fill(`E2E-${run}-1`);
  await page.screenshot({ path: join(SCREENS_DIR, 'repayment-add-desktop-light.png'), fullPage: true });
  await form.getByRole('button', { name: 'Record repayment' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Balance now' });
  await expect(status).toBeVisible();
  const after = money(/Balance now ZMW ([\d,]+\.\d\d)/.exec(await status.innerText())?.[1] ?? '');
  expect(Math.round((before - after) * 100)).toBe(100);
  await expect(page.getByRole('table', { name: 'Repayments' })).toContainText(`E2E-${run}-1`);

  // Bulk upload: row 2 is bad; nothing is saved, then the fixed file saves both rows.
  await page.getByRole('button', { name: 'Bulk upload' }).click();
  const header = 'reference_code,amount,paid_at,method,reference,note';
  // Paid today (business time): a fixed date can fall before the payout of a freshly seeded
  // loan, and the server rightly refuses a repayment earlier than its payout.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lusaka' }).format(new Date());
  const good = `${code},0.50,${today},bank,E2E-${run}-B1,first`;
  const upload = (rows: string[]) =>
    page.getByLabel('CSV file').setInputFiles({ name: `e2e-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  await upload([good, `${code},abc,${today},cash,E2E-${run}-B2,`]);
  await expect(page.getByRole('heading', { name: `Preview of e2e-${run}.csv` })).toBeVisible();
  await page.getByRole('button', { name: 'Check every row' }).click();
  const problems = page.getByRole('table', { name: 'Problems by row and column' });
  await expect(problems).toContainText('Row 2');
  await expect(problems).toContainText('amount');
  await expect(page.getByRole('button', { name: 'Save all rows' })).toBeDisabled();
  await page.screenshot({ path: join(SCREENS_DIR, 'repayment-bulk-errors-desktop-light.png'), fullPage: true });

  await upload([good, `${code},0.25,${today},cash,E2E-${run}-B2,`]);
  await page.getByRole('button', { name: 'Check every row' }).click();
  await expect(page.getByText('All 2 rows are right')).toBeVisible();
  await page.getByRole('button', { name: 'Save all rows' }).click();
  await page.getByRole('dialog', { name: 'Save all rows?' }).getByRole('button', { name: 'Save all rows' }).click();
  await expect(page.getByText('Saved 2 repayments of 1 loans')).toBeVisible();

  // Only the fixed file's rows exist: the list by this run's references shows three.
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await page.getByRole('searchbox').fill(`E2E-${run}`);
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByRole('table', { name: 'Repayments' }).locator('tbody tr')).toHaveCount(3);
  await expect(page.getByText(/3 repayments totalling/)).toContainText('ZMW 1.75');
});

test.describe('at 360 px in dark mode', () => {
  test.use({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });
  test('the repayments list fits and reads', async ({ page }) => {
    await signIn(page);
    await page.goto('/transactions/repayments');
    await expect(page.getByRole('table', { name: 'Repayments' }).locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: join(SCREENS_DIR, 'repayments-360-dark.png'), fullPage: true });
  });
});

test('the loan details page shows the balance, schedule and repayments of a disbursed loan', async ({ page }) => {
  await signIn(page, 'admin@demo.zm');
  const loans = (await (await page.request.get('/api/repayments/loans')).json()) as { items: { application_id: number; reference_code: string }[] };
  const loan = loans.items[0];
  await page.goto(`/loans/${loan.reference_code.startsWith('TU') ? 'topup' : 'applications'}/${loan.application_id}`);
  const balance = page.getByRole('region', { name: 'Balance and schedule' });
  await expect(balance.getByRole('term').filter({ hasText: 'Next instalment' })).toBeVisible();
  await expect(balance.getByRole('table', { name: 'Schedule' }).locator('tbody tr').first()).toBeVisible();
  await expect(balance.getByRole('button', { name: 'Print statement' })).toBeVisible();
  await balance.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENS_DIR, 'loan-balance-panel-desktop-light.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SCREENS_DIR, 'loan-balance-panel-360-dark.png'), fullPage: true });
});
