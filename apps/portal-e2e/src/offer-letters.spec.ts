import { test, expect, type Page } from '@playwright/test';
import { applyByApi, drawSignature } from '../../../tools/e2e/borrower-flows';

// Issue 12 end to end against the real api: an officer approves a request, generates its
// offer letter (drawing the representative's signature), the borrower signs it with the
// matching name, and the officer sees it signed with its evidence "intact".
const ADMIN = { email: 'admin@demo.zm', password: 'Demo#2026' };

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

test('approve, generate the letter, the borrower signs, the officer checks the evidence', async ({ page, browser, request }) => {
  const app = await applyByApi(request);
  await signIn(page);
  await page.goto(`/loans/applications/${app.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(app.reference_code);
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Approved');

  await page.getByRole('button', { name: 'Generate offer letter' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/Authorized representative/).first()).not.toHaveValue('');
  const pad = dialog.getByLabel("Authorized representative's signature: draw it here");
  const box = await pad.boundingBox();
  if (!box) throw new Error('no pad');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + (i % 2 ? -15 : 15), { steps: 2 });
  await page.mouse.up();
  await dialog.getByRole('button', { name: 'Generate and send' }).click();
  const link = await dialog.getByLabel('Link to the letter (for the borrower only)').inputValue();
  const token = link.split('/loan-offer-letter/')[1];
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('link', { name: 'Open the contract' }).click();
  await expect(page).toHaveURL(/\/loans\/applications\/offer-letter\/\d+$/);
  const contractUrl = page.url();

  // The borrower, in their own browser context, on the contract page.
  const borrower = await (await browser.newContext()).newPage();
  await borrower.goto(`/loan-offer-letter/${token}`);
  await expect(borrower.getByRole('heading', { name: 'Loan offer letter' })).toBeVisible();
  await borrower.getByLabel('Your full name').fill('mwila  banda');
  await drawSignature(borrower);
  await borrower.getByRole('button', { name: 'Sign and accept the offer' }).click();
  await expect(borrower.getByText('Thank you. Your loan offer is signed.')).toBeVisible();

  await page.goto(contractUrl);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Signed');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Opened by the borrower');
  await expect(timeline).toContainText('Signed by the borrower');
  await page.getByRole('button', { name: 'Check the signed content' }).click();
  await expect(page.getByText('Intact.')).toBeVisible();
});
