import { test, expect, type Page } from '@playwright/test';
import { formatAmount } from '@loan/shared-util-format';
import { inEveryView } from '../../../tools/e2e/views';

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
  // Portfolio at risk by branch: every branch's outstanding and PAR30 as the api figures them,
  // and the total row.
  const par = (await (await page.request.get('/api/reports/portfolio-at-risk')).json()) as {
    branches: { branch: string; outstanding: string; par30: number | null }[];
    totals: { outstanding: string; par30: number | null };
  };
  const rate = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);
  if (par.branches.length === 0) {
    await expect(page.getByText('No disbursed loans with a balance for these filters.')).toBeVisible();
  } else {
    const parTable = page.getByRole('table', { name: 'Portfolio at risk by branch' });
    for (const b of [...par.branches.map((x) => ({ ...x, label: x.branch || 'No branch' })), { ...par.totals, label: 'All branches' }]) {
      const row = parTable.getByRole('row').filter({ has: page.getByRole('rowheader', { name: b.label, exact: true }) });
      await expect(row).toContainText(formatAmount(b.outstanding));
      await expect(row).toContainText(rate(b.par30));
    }
    await expect(page.getByTestId('par-chart').locator('svg.apexcharts-svg')).toBeVisible();
  }

  // The collections chart: due and collected bars for each month the api answers, and the total row.
  const collections = (await (await page.request.get('/api/reports/collections')).json()) as {
    rows: { month: string; branch_id: number; due: string; collected: string }[];
  };
  const months = collections.rows.filter((r) => r.branch_id === 0 && r.month !== 'All');
  if (months.length === 0) {
    await expect(page.getByText('Nothing fell due or was collected for these filters.')).toBeVisible();
  } else {
    const chart = page.getByTestId('collections-chart');
    await expect(chart.locator('.apexcharts-legend')).toContainText('Due');
    await expect(chart.locator('.apexcharts-legend')).toContainText('Collected');
    await expect(chart.locator('path.apexcharts-bar-area')).toHaveCount(months.length * 2);
    const total = collections.rows.at(-1) as { due: string; collected: string };
    const totalRow = page.getByRole('table', { name: 'Collections per month and branch' }).getByRole('row').filter({ hasText: 'All months' });
    await expect(totalRow).toContainText(formatAmount(total.due));
    await expect(totalRow).toContainText(formatAmount(total.collected));
  }
});

test('/reports works at 360 px and in dark mode: nothing runs off the side', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/reports');
  await expect(page.getByRole('table', { name: 'Applications funnel' })).toBeVisible();
  await expect(page.getByTestId('collections-chart').or(page.getByText('Nothing fell due or was collected for these filters.'))).toBeVisible();
  const overflow = await inEveryView(page, 'reports');
  expect(overflow).toEqual({ '1280-light': 0, '1280-dark': 0, '360-light': 0, '360-dark': 0 });
  // At 1280 px every report's table fits its card (PAR's ten figures included): no table
  // scrolls sideways. At 360 px the kit's scroll region takes over.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('table', { name: 'Portfolio at risk by branch' })).toBeVisible();
  const sideways = await page
    .getByRole('region')
    .evaluateAll((regions) => regions.filter((r) => r.scrollWidth > r.clientWidth + 1).map((r) => `${r.getAttribute('aria-label')}: ${r.scrollWidth - r.clientWidth}px`));
  expect(sideways).toEqual([]);
});
