import { test, expect } from '@playwright/test';
import { confirmMobileInBrowser, declareBorrowerFlows, freshBorrower, otpSentTo } from '../../../tools/e2e/borrower-flows';

// The separate borrower app (apps/public-borrower) against the real api: the shared
// borrower flows, then resuming an unfinished application.
declareBorrowerFlows();

test('a borrower who leaves half-way resumes with the same mobile number and a new OTP', async ({ page }) => {
  test.fixme(true, 'Known integration break of the 2026-11-25 merge (issue note): times out since the apply form is kept in sessionStorage (resume flow to re-check)');
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

  // Gone and back: a fresh page knows nothing until the number is confirmed again.
  await page.goto('/apply');
  await page.getByRole('button', { name: 'Continue it' }).click();
  await page.getByLabel('The mobile number you used').fill(who.mobile);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Send me the code' }).click();
  await expect(page.getByText(/We sent a 6-digit code/)).toBeVisible();
  await page.getByLabel('6-digit code').fill(otpSentTo(who.mobile));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your loan' })).toBeVisible();
  await expect(page.getByText('Welcome back')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Employer')).toHaveValue('ZESCO');
  await expect(page.getByLabel('Branch')).toHaveValue('Kitwe');
});
