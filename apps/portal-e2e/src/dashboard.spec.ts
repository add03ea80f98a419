import { test, expect, type Page } from '@playwright/test';
import { inEveryView } from '../../../tools/e2e/views';

// The dashboard against the real api and the demo seed: an officer signs in, lands on
// /dashboard, and the figures on screen are the api's figures (the api's own tests check
// those against the database); the filters behave as spec §2 says.
const OFFICER = { email: 'officer@demo.zm', password: 'Demo#2026' };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const money = (v: string) =>
  `ZMW ${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function signIn(page: Page, account = OFFICER) {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

function card(page: Page, title: string) {
  // The innermost <section> holding that heading: the card itself.
  return page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) }).last();
}

async function expectCards(page: Page, stats: Record<string, string | number>) {
  await expect(card(page, 'Application Requests')).toContainText(money(String(stats['applicationsRequestsMoney'])));
  await expect(card(page, 'Application Rejected')).toContainText(money(String(stats['applicationsRejectedMoney'])));
  await expect(card(page, 'Application Approved')).toContainText(money(String(stats['applicationsApprovedMoney'])));
  const n = (k: string) => Number(stats[k]);
  await expect(card(page, 'Application Requests')).toContainText(`${n('applicationsRequestsCount').toLocaleString('en-US')} application`);
  await expect(card(page, 'Application Approved')).toContainText(`${n('applicationsApprovedCount').toLocaleString('en-US')} application`);
}

test('an officer lands on the dashboard and its figures are the api’s', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveTitle('Dashboard - Portal');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText(/^From yesterday to \d\d:\d\d today$/)).toBeVisible();

  const daily = await (await page.request.get('/api/dashboard/daily-card-stats')).json();
  await expectCards(page, daily);

  const offers = await (await page.request.get('/api/loan-offer-letter/card-stats')).json();
  await expect(card(page, 'Pending')).toContainText(offers.pendingCount.toLocaleString('en-US'));
  await expect(card(page, 'Expired')).toContainText(offers.expiredCount.toLocaleString('en-US'));
  await expect(card(page, 'Signed')).toContainText(offers.signedCount.toLocaleString('en-US'));

  // The chart is drawn (the demo data has applications this year) or says it has nothing.
  await expect(page.locator('.apexcharts-canvas').or(page.getByText('No chart data available'))).toBeVisible();
  await expect(page.getByText('Loading chart data...')).toHaveCount(0);

  const sms = await (await page.request.get('/api/dashboard/sms-stats')).json();
  await expect(page.getByLabel('SMS statistics')).toContainText(sms.totalCount.toLocaleString('en-US'));
  // The officer holds no transactions permission: no disbursement card (finance sees it).
  await expect(page.getByLabel('SMS statistics')).toBeVisible();
  await expect(page.getByLabel('Disbursement statistics')).toHaveCount(0);
});

test('finance sees the disbursement card with the api’s figures, this month included', async ({ page }) => {
  await signIn(page, { email: 'finance@demo.zm', password: 'Demo#2026' });
  const disb = await (await page.request.get('/api/dashboard/disbursement-transactions-stats')).json();
  await expect(page.getByLabel('Disbursement statistics')).toContainText(money(disb.total.amount));
  await expect(page.getByLabel('Disbursement statistics')).toContainText(money(disb.thisMonth.amount));
});

test('By Month and Yesterday switch the period, the month and the figures', async ({ page }) => {
  await signIn(page);
  const now = new Date();
  const year = String(now.getFullYear());
  const code = String(now.getMonth() + 1).padStart(2, '0');

  await page.getByRole('button', { name: 'By Month' }).click();
  await expect(page.getByText(`For All Months ${year}`)).toBeVisible();
  const month = page.getByLabel('Month');
  await expect(month).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();

  const monthly = page.waitForResponse((r) => r.url().includes(`/api/dashboard/monthly-card-stats?month=${code}&year=${year}`));
  const offers = page.waitForResponse((r) => r.url().includes(`/api/loan-offer-letter/card-stats?month=${code}&year=${year}`));
  await month.selectOption(code);
  await expect(page.getByText(`For ${MONTHS[now.getMonth()]} ${year}`)).toBeVisible();
  const stats = await (await monthly).json();
  await offers;
  await expectCards(page, stats);

  // Refresh reloads; Yesterday clears the month.
  const again = page.waitForResponse((r) => r.url().includes('/api/dashboard/monthly-card-stats'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  expect((await again).status()).toBe(200);
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await expect(page.getByLabel('Month')).toHaveCount(0);
  await expect(page.getByText(/^From yesterday to \d\d:\d\d today$/)).toBeVisible();
  await page.getByRole('button', { name: 'By Month' }).click();
  await expect(page.getByLabel('Month')).toHaveValue('');
});

test('reads at phone width without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(card(page, 'Application Requests')).toContainText('ZMW');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const [who, account] of [
  ['a branch-bound viewer (Kitwe)', { email: 'viewer@demo.zm', password: 'Demo#2026' }],
  ['the admin (every branch)', { email: 'admin@demo.zm', password: 'Demo#2026' }],
] as const) {
  test(`${who} sees the api's figures of their scope, wide and at 360 px, light and dark`, async ({ page }) => {
    await signIn(page, account);
    const daily = await (await page.request.get('/api/dashboard/daily-card-stats')).json();
    await expectCards(page, daily);
    const offers = await (await page.request.get('/api/loan-offer-letter/card-stats')).json();
    await expect(card(page, 'Signed')).toContainText(offers.signedCount.toLocaleString('en-US'));
    await expect(page.getByText('Loading chart data...')).toHaveCount(0);
    const overflow = await inEveryView(page, `dashboard-${account.email.split('@')[0]}`);
    expect(Object.values(overflow).every((px) => px <= 0)).toBe(true);
  });
}
