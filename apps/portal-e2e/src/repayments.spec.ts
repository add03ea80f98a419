import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { businessTodayOf } from '@loan/shared-util-format';

/**
 * Repayments against the real api (issue 14): finance opens "Repayments (Add)" from the
 * menu, records a repayment of a loan picked with its balance and sees the balance and the
 * next instalment change; then uploads a CSV with a bad row, gets the row named with nothing
 * saved, fixes it and saves all rows; and a loan paid in full shows as closed. Screenshots
 * go to tmp/screens.
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

test('finance records a repayment and sees the balance and next instalment change; a CSV with a bad row saves nothing until fixed', async ({ page }) => {
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
  // 'Next No. 2 of 6: ZMW 1,500.00 on 15 Mar 2026': what the next instalment still wants.
  const nextBefore = /Next No\. (\d+) of \d+: ZMW ([\d,]+\.\d\d) on ([^(]+?)(?: \(|$)/.exec(label);
  expect(code).toBeTruthy();
  expect(nextBefore).not.toBeNull();
  await first.check();
  await expect(form.getByText(`${code}: balance`)).toBeVisible();
  await form.getByLabel(/Amount/).fill('1.00');
  await form.getByLabel(/Payment reference/).fill(`E2E-${run}-1`);
  await page.screenshot({ path: join(SCREENS_DIR, 'repayment-add-desktop-light.png'), fullPage: true });
  await form.getByRole('button', { name: 'Record repayment' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Balance now' });
  await expect(status).toBeVisible();
  const said = (await status.innerText()).replace(/\s+/g, ' ');
  const after = money(/Balance now ZMW ([\d,]+\.\d\d)/.exec(said)?.[1] ?? '');
  expect(Math.round((before - after) * 100)).toBe(100);
  // The same instalment, due on the same day, now wants ZMW 1.00 less.
  const nextAfter = /next instalment ZMW ([\d,]+\.\d\d) on (.+?)\.$/.exec(said);
  expect(nextAfter).not.toBeNull();
  expect(Math.round((money(nextBefore?.[2] ?? '') - money(nextAfter?.[1] ?? '')) * 100)).toBe(100);
  expect(nextAfter?.[2]).toBe(nextBefore?.[3]);
  await expect(page.getByRole('table', { name: 'Repayments' })).toContainText(`E2E-${run}-1`);

  // Bulk upload: row 2 is bad; nothing is saved, then the fixed file saves both rows.
  await page.getByRole('button', { name: 'Bulk upload' }).click();
  const header = 'reference_code,amount,paid_at,method,reference,note';
  // Paid today (business time): a fixed date can fall before the payout of a freshly seeded
  // loan, and the server rightly refuses a repayment earlier than its payout.
  const today = businessTodayOf();
  const good = `${code},0.50,${today},bank,E2E-${run}-B1,first`;
  const upload = (rows: string[]) =>
    page.getByLabel('CSV file').setInputFiles({ name: `e2e-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  await upload([good, `${code},abc,${today},cash,E2E-${run}-B2,`]);
  await expect(page.getByRole('heading', { name: `Preview of e2e-${run}.csv` })).toBeVisible();
  await page.getByRole('button', { name: 'Check every row' }).click();
  const problems = page.getByRole('table', { name: 'Problems by row and column' });
  await expect(problems.getByRole('row').filter({ hasText: 'Row 2' })).toContainText('amount');
  await expect(page.getByRole('heading', { name: '1 problem found: nothing saved' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save all rows' })).toBeDisabled();
  await page.screenshot({ path: join(SCREENS_DIR, 'repayment-bulk-errors-desktop-light.png'), fullPage: true });
  // The bad rows as a CSV with their reason, read from the chosen file again.
  const [bad] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the bad rows' }).click()]);
  const badText = (await readFile((await bad.path()) as string, 'utf8')).split('\r\n');
  expect(badText[0]).toBe(`${header},row,reason`);
  expect(badText[1]).toBe(`${code},abc,${today},cash,E2E-${run}-B2,,2,amount: Not a positive amount with at most two decimals.`);

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

test('a loan paid in full shows as closed', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36).toUpperCase();
  await signIn(page);
  // The oldest of the applications (not top-ups) that take a repayment, with its balance.
  const res = await page.request.get('/api/repayments/loans?search=LA-&pageSize=100');
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: { application_id: number; reference_code: string; balance: string }[] };
  const loan = items[items.length - 1];
  expect(loan).toBeTruthy();

  await page.goto('/transactions/repayments?add=1');
  const form = page.getByRole('form', { name: 'Add repayment' });
  await form.getByLabel('Find the loan').fill(loan.reference_code);
  await expect(form.getByRole('radio')).toHaveCount(1);
  await form.getByRole('radio').check();
  await form.getByLabel(/Amount/).fill(loan.balance);
  await form.getByLabel(/Payment reference/).fill(`E2E-${run}-FULL`);
  await form.getByRole('button', { name: 'Record repayment' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Balance now' });
  await expect(status).toContainText('Balance now ZMW 0.00: paid in full, the loan is closed.');
  // No balance left: the add form no longer offers it.
  await page.getByRole('button', { name: 'Add repayment' }).click();
  await page.getByRole('form', { name: 'Add repayment' }).getByLabel('Find the loan').fill(loan.reference_code);
  await expect(page.getByText('No loan with a balance matches.')).toBeVisible();

  // Loan staff find it among the closed applications, paid in full.
  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const staff = await staffContext.newPage();
  try {
    await signIn(staff, 'officer@demo.zm');
    await staff.goto('/loans/applications/closed');
    await staff.getByRole('searchbox').fill(loan.reference_code);
    await staff.getByRole('searchbox').press('Enter');
    const rows = staff.getByRole('table', { name: 'Closed Applications' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await rows.getByRole('link').first().click();
    await expect(staff).toHaveURL(new RegExp(`/loans/applications/${loan.application_id}(\\?.*)?$`));
    await expect(staff.getByRole('heading', { name: new RegExp(`${loan.reference_code}\\s*Closed`) })).toBeVisible();
    const balance = staff.getByRole('region', { name: 'Balance and schedule' });
    await expect(balance).toContainText('Paid in full');
    await expect(balance.locator('xpath=.//dt[normalize-space()="Balance"]/following-sibling::dd[1]').first()).toHaveText('ZMW 0.00');
    await staff.screenshot({ path: join(SCREENS_DIR, 'loan-paid-in-full-closed-desktop-light.png'), fullPage: true });
  } finally {
    await staffContext.close();
  }
});

for (const look of [
  { name: '1280-light', viewport: { width: 1280, height: 900 }, colorScheme: 'light' as const },
  { name: '360-dark', viewport: { width: 360, height: 780 }, colorScheme: 'dark' as const },
]) {
  test.describe(`repayments screens at ${look.name}`, () => {
    test.use({ viewport: look.viewport, colorScheme: look.colorScheme });

    test('the list loads, is empty or failed without running off the side, and the forms fit', async ({ page }) => {
      test.setTimeout(60_000);
      const shot = (what: string) => page.screenshot({ path: join(SCREENS_DIR, `repayments-${what}-${look.name}.png`), fullPage: true });
      const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await signIn(page);
      const list = (url: URL) => url.pathname === '/api/repayments/all';

      // Loading: the answer held back.
      let release = () => undefined as void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(list, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/transactions/repayments');
      await expect(page.getByRole('status', { name: 'Loading rows...' })).toBeVisible();
      await shot('loading');
      release();
      await expect(page.getByRole('table', { name: 'Repayments' }).locator('tbody tr').first()).toBeVisible();
      await fits();
      await shot('list');
      await page.unroute(list);

      // Empty, and failed (Could not load, with a retry that works).
      const empty = { items: [], total: 0, page: 1, pageSize: 15, nextCursor: null, totals: { count: 0, amount: '0.00' } };
      await page.route(list, (route) => route.fulfill({ json: empty }));
      await page.reload();
      await expect(page.getByText('No repayments')).toBeVisible();
      await fits();
      await shot('empty');
      await page.unroute(list);
      await page.route(list, (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong.' } }));
      await page.reload();
      const failed = page.getByRole('alert').filter({ hasText: 'Could not load' });
      await expect(failed).toBeVisible();
      await fits();
      await shot('error');
      await page.unroute(list);
      await failed.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('table', { name: 'Repayments' }).locator('tbody tr').first()).toBeVisible();

      // The add form and the bulk upload fit too.
      await page.getByRole('button', { name: 'Add repayment' }).click();
      await expect(page.getByRole('form', { name: 'Add repayment' }).getByRole('radio').first()).toBeVisible();
      await shot('add');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('form', { name: 'Add repayment' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Bulk upload' }).click();
      await page.getByLabel('CSV file').setInputFiles({
        name: 'states.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('reference_code,amount,paid_at,method,reference,note\nLA-1999-000001,abc,2026-01-01,cash,STATES-1,\n'),
      });
      await expect(page.getByRole('heading', { name: 'Preview of states.csv' })).toBeVisible();
      await fits();
      await shot('upload-preview');
      await page.getByRole('button', { name: 'Check every row' }).click();
      await expect(page.getByRole('table', { name: 'Problems by row and column' })).toContainText('Row 1');
      await fits();
      await shot('upload-errors');
      if (look.colorScheme === 'light') {
        // The wide screen in dark mode too.
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.screenshot({ path: join(SCREENS_DIR, `repayments-upload-errors-1280-dark.png`), fullPage: true });
      }
    });
  });
}

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
