import { test, expect, type Page } from '@playwright/test';

/**
 * The portal shell against the real api (issue 4): each demo account signs in, sees
 * exactly its menu, stays signed in across a reload and logs out; a session ended on
 * the server sends the next action to /login with storage cleared.
 */
const PASSWORD = 'Demo#2026';

// The menu shows the screens that exist; planned ones join it as they are built
// (registry.spec.ts checks the gating of every screen against the api).
const APPLICATION_LISTS = ['Requests /loans/applications/requests', 'Rejected /loans/applications/rejected', 'Approved /loans/applications/approved', 'Closed /loans/applications/closed'].map(
  (item) => `Loans > Applications > ${item}`,
);
const TOPUP_LISTS = ['Requests /loans/topup/requests', 'Rejected /loans/topup/rejected', 'Approved /loans/topup/approved', 'Closed /loans/topup/closed'].map(
  (item) => `Loans > Top-ups > ${item}`,
);
const LOAN_LISTS = [...APPLICATION_LISTS, 'Loans > Applications > Contracts /loans/applications/offer-letter', ...TOPUP_LISTS];
const TRANSACTIONS = [
  'Transactions > Disbursements > View All /transactions/disbursements',
  'Transactions > Disbursements > Instant /transactions/disbursements/instant',
  'Transactions > Disbursements > Auto /transactions/disbursements/auto',
  'Transactions > Repayments > Add /transactions/repayments',
  'Transactions > Suspense /transactions/suspense',
];
const ADMINISTRATION = [
  'Users /users',
  'Settings > Roles /settings/roles',
  'Settings > Audit trail /settings/audit',
  'Settings > Branches /settings/branches',
  'Settings > Loan product /settings/loan-product',
  'Settings > Loan products /settings/loan-products',
  'Settings > Maker-checker /settings/maker-checker',
];
// The demo roles of the README: officer = clients, loans, contracts and communication; finance =
// transactions and reports; the viewer sees the dashboard only; the admin everything, with the
// approvals inbox (maker-checker) before the administration.
const ACCOUNTS = [
  {
    email: 'admin@demo.zm',
    menu: ['Dashboard /dashboard', 'Clients /clients', ...LOAN_LISTS, ...TRANSACTIONS, 'Communication /communication', 'Reports /reports', 'Approvals /approvals', ...ADMINISTRATION, 'Accounting > Chart of accounts /accounting/accounts'],
  },
  { email: 'officer@demo.zm', menu: ['Dashboard /dashboard', 'Clients /clients', ...LOAN_LISTS, 'Communication /communication'] },
  { email: 'finance@demo.zm', menu: ['Dashboard /dashboard', ...TRANSACTIONS, 'Reports /reports'] },
  { email: 'viewer@demo.zm', menu: ['Dashboard /dashboard'] },
];

async function signIn(page: Page, identifier: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill(identifier);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/^Welcome /)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens every group of the side menu and reads it as "Group > Sub > Item /path" lines. */
async function readMenu(page: Page): Promise<string[]> {
  const aside = page.getByRole('complementary', { name: 'Main menu' });
  await expect(aside.getByRole('button', { name: 'Logout' })).toBeVisible();
  for (;;) {
    const closed = aside.locator('button[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  return aside.locator('nav[aria-label="Sections"]').evaluate((nav) => {
    const lines: string[] = [];
    const walk = (ul: Element, prefix: string) => {
      for (const li of Array.from(ul.children)) {
        const link = li.querySelector(':scope > a');
        const button = li.querySelector(':scope > button');
        const sub = li.querySelector(':scope > ul');
        if (link) lines.push(`${prefix}${link.textContent?.trim()} ${new URL((link as HTMLAnchorElement).href).pathname}`);
        else if (button && sub) walk(sub, `${prefix}${button.textContent?.trim()} > `);
      }
    };
    const root = nav.querySelector(':scope > ul');
    if (root) walk(root, '');
    return lines;
  });
}

for (const account of ACCOUNTS) {
  test(`${account.email} signs in, sees exactly its menu, survives a reload and logs out`, async ({ page }) => {
    // Five page loads and two full menu walks: three times the default time on a loaded machine.
    test.slow();
    await signIn(page, account.email);
    await expect(page).toHaveTitle('Dashboard - Portal');
    expect(await readMenu(page)).toEqual(account.menu);

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('complementary', { name: 'Main menu' })).toBeVisible();
    expect(await readMenu(page)).toEqual(account.menu);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Login - Portal');
    expect(await page.evaluate(() => sessionStorage.getItem('authenticated'))).toBeNull();
    // Signed out means the guarded pages are closed again.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('signs in with the staff number as well', async ({ page }) => {
  await signIn(page, 'EMP-0004');
  expect(await readMenu(page)).toEqual(['Dashboard /dashboard']);
});

test('wrong credentials show the spec message and leave storage empty', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill('viewer@demo.zm');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Failed to Proceed, check your credentials.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
});

test('a session ended on the server sends the next action to /login with storage cleared', async ({ page, context }) => {
  await signIn(page, 'admin@demo.zm');
  await page.goto('/users');
  await expect(page).toHaveTitle('Users - Portal');

  // End the session on the server behind the portal's back (another tab's logout).
  const token = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/logout', { headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) } });
  expect(res.status()).toBeLessThan(300);

  // The next action that reaches the api answers 401.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('auth'), sessionStorage.getItem('authenticated')])).toEqual([null, null]);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown routes show a proper not-found page and titles follow the route table', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page).toHaveTitle('Forgot Password - Portal');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found - Portal');
});
