import { test, expect, type Page } from '@playwright/test';

// The application details screen against the real api and the demo seed (issue 12): an
// officer opens a request from the list, comments on it and approves it; the status, the
// tab counts and the lists follow without a reload.
const ADMIN = { email: 'admin@demo.zm', password: 'Demo#2026' };

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Application statuses' });
const tabCount = async (page: Page, name: string) => {
  const link = tabs(page).getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(link).toHaveText(new RegExp(`^${name}\\s*[\\d,]+$`));
  return Number((await link.innerText()).replace(/\D/g, ''));
};

test('an officer opens a request, comments on it and approves it; lists and counts follow without a reload', async ({ page }) => {
  await signIn(page);
  await page.goto('/loans/applications/requests');
  await expect(page).toHaveURL(/\/loans\/applications\/requests$/);
  const before = { requests: await tabCount(page, 'Requests'), approved: await tabCount(page, 'Approved') };

  const first = page.getByRole('table', { name: 'Application Requests' }).getByRole('link').first();
  const reference = ((await first.innerText()).match(/LA-\d{4}-\d{6}/) ?? [''])[0];
  await first.click();
  await expect(page).toHaveURL(/\/loans\/applications\/\d+$/);
  await expect(page).toHaveTitle('Application Details - Portal');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toContainText(reference);
  await expect(title).toContainText('Request');
  await expect(page.getByText(/^ZMW [\d,]+\.\d\d$/).first()).toBeVisible();

  await page.getByLabel('New comment').fill('Payslip confirmed by phone.');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByRole('list', { name: 'Comments' })).toContainText('Payslip confirmed by phone.');

  await page.getByRole('group', { name: 'Application actions' }).getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`Application ${reference} approved.`)).toBeVisible();
  await expect(title).toContainText('Approved');
  const actions = page.getByRole('group', { name: 'Application actions' });
  await expect(actions.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Status history' })).toContainText('Approved');

  // The api refuses what the status no longer allows, with its message.
  const id = page.url().split('/').pop();
  const again = await page.request.put('/api/applyForLoan/update', {
    data: { id: Number(id), status: 'rejected' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '') },
  });
  expect(again.status()).toBe(409);

  await page.getByRole('link', { name: '← Back to the list' }).click();
  await expect(page).toHaveURL(/\/loans\/applications\/approved$/);
  await expect.poll(() => tabCount(page, 'Requests')).toBe(before.requests - 1);
  await expect.poll(() => tabCount(page, 'Approved')).toBe(before.approved + 1);
});

test('an unknown application shows the not-found page', async ({ page }) => {
  await signIn(page);
  await page.goto('/loans/applications/999999999');
  await expect(page.getByRole('heading', { name: 'Application not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(page).toHaveURL(/\/loans\/applications\/requests$/);
});
