import { test, expect } from '@playwright/test';
import { confirmMobileInBrowser, declareBorrowerFlows, freshBorrower, otpSentTo } from '../../../tools/e2e/borrower-flows';

// The separate borrower app (apps/public-borrower) against the real api: the shared
// borrower flows, then resuming an unfinished application.
declareBorrowerFlows();

test('a borrower who leaves half-way resumes with the same mobile number and a new OTP', async ({ page, context }) => {
  const who = freshBorrower();
  await page.goto('/apply');
  await page.getByLabel('NRC number').fill(who.nrc);
  await page.getByLabel('Full name').fill(who.name);
  await page.getByLabel('Mobile number').fill(who.mobile);
  await page.keyboard.press('Enter');
  // The number is confirmed first: from then on each step is kept.
  await confirmMobileInBrowser(page, who.mobile);
  await page.getByLabel('Employer').fill('ZESCO');
  await page.getByLabel('Branch').selectOption('Kitwe');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your loan' })).toBeVisible();

  // A reload in the same tab keeps the form (issue 12: this tab's sessionStorage) but not the
  // proof of the number: a step past the OTP confirms the number again first.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Confirm your mobile number' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue it' })).toHaveCount(0);
  await page.close();

  // Gone and back (the tab closed, a new one opened): a fresh tab knows nothing until the
  // number is confirmed again.
  const later = await context.newPage();
  await later.goto('/apply');
  await expect(later.getByLabel('NRC number')).toHaveValue('');
  await later.getByRole('button', { name: 'Continue it' }).click();
  await later.getByLabel('The mobile number you used').fill(who.mobile);
  await later.keyboard.press('Enter');
  await later.getByRole('button', { name: 'Send me the code' }).click();
  await expect(later.getByText(/We sent a 6-digit code/)).toBeVisible();
  await later.getByLabel('6-digit code').fill(otpSentTo(who.mobile));
  await later.keyboard.press('Enter');
  await expect(later.getByRole('heading', { name: 'Your loan' })).toBeVisible();
  await expect(later.getByText('Welcome back')).toBeVisible();
  await later.getByRole('button', { name: 'Back' }).click();
  await expect(later.getByLabel('Employer')).toHaveValue('ZESCO');
  await expect(later.getByLabel('Branch')).toHaveValue('Kitwe');
});
