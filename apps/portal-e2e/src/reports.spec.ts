import { test, expect, type Page } from '@playwright/test';

// Finance downloads the closed-unsigned report against the real api and the demo seed:
// the CSV under the spec's file name with its toast (spec §7, §8), and the .xlsx beside it.
const FINANCE = { email: 'finance@demo.zm', password: 'Demo#2026' };

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill(FINANCE.email);
  await page.getByLabel('Password', { exact: true }).fill(FINANCE.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

test('finance downloads the closed unsigned loans as CSV and .xlsx and reads the reports', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveTitle('Reports - Portal');
  await expect(page.getByRole('heading', { name: 'Closed unsigned loans' })).toBeVisible();

  const stats = (await (await page.request.get('/api/applyForLoan/reports/closed-unsigned-stats-by-branch')).json()) as { count: number }[];
  const total = stats.reduce((n, s) => n + s.count, 0);
  if (total > 0) {
    await expect(page.getByRole('table', { name: 'Closed unsigned loans by branch' })).toContainText(`All branches${total}`);
  }

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV of closed unsigned loans' }).click();
  const file = await csv;
  expect(file.suggestedFilename()).toBe('unsigned_closed_loans_report.csv');
  await expect(page.getByText('Report downloaded successfully')).toBeVisible();
  const text = await (await import('node:fs/promises')).readFile((await file.path()) as string, 'utf8');
  expect(text.split('\r\n')[0]).toBe('"reference_code","fullname","nrc","mobile","employer","branch","amount","total_amount_due","closed_at","offer_status"');
  expect(text.trimEnd().split('\r\n')).toHaveLength(total + 1);

  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Excel (.xlsx) of closed unsigned loans' }).click();
  const book = await xlsx;
  expect(book.suggestedFilename()).toBe('unsigned_closed_loans_report.xlsx');
  const bytes = await (await import('node:fs/promises')).readFile((await book.path()) as string);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  await expect(page.getByRole('table', { name: 'Offer letters per month' }).or(page.getByText('No offer letters for these filters.'))).toBeVisible();
  await expect(page.getByRole('table', { name: 'Applications funnel' })).toBeVisible();
  // Portfolio at risk by branch, from the loan balances (a table, or nothing disbursed yet).
  await expect(page.getByRole('table', { name: 'Portfolio at risk by branch' }).or(page.getByText('No disbursed loans with a balance for these filters.'))).toBeVisible();
});
