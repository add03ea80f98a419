import { test, expect } from '@playwright/test';
import { declareBorrowerFlows } from '../../../tools/e2e/borrower-flows';

// The borrower pages served by the portal (its route table lists /apply and
// /loan-offer-letter/:token) against the real api; the same flows run on the separate
// borrower app in apps/public-borrower-e2e.
declareBorrowerFlows();

test('the public pages stand alone: no staff menu, no sign-in needed', async ({ page }) => {
  await page.goto('/apply');
  await expect(page.getByRole('heading', { name: 'Apply for a loan' })).toBeVisible();
  await expect(page).toHaveTitle('Apply for a Loan - Portal');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByText('Logout')).toHaveCount(0);
  await expect(page).toHaveURL(/\/apply$/);
});
