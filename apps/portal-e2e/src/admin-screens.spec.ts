import { expect, test } from '@playwright/test';
import { shoot, signIn } from './admin-support';

/**
 * Issue 16: every administration screen against the real api, as the demo admin sees it,
 * with its content loaded, at 1280 and 360 px, light and dark (nothing runs off the side;
 * screenshots in E2E_SHOTS_DIR): users (list, filters, details, edit), roles (list, matrix
 * with search and the diff preview), branches, loan product, the audit trail with a filter,
 * the top bar's Settings and the notification bell.
 */
test('the administration screens, wide and narrow, light and dark', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);

  // Users: the list, then filtered and searched from the URL.
  await page.goto('/users');
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('link', { name: 'Mutale Banda' })).toBeVisible();
  await shoot(page, 'users-list');
  await page.goto('/users?active=true&search=nobody-matches-this');
  await expect(page.getByText('Nothing matches the search or filters.')).toBeVisible();
  await page.goto('/users?active=true&search=mutale');
  await expect(users.locator('tbody tr')).toHaveCount(1);
  await users.getByRole('link', { name: 'Mutale Banda' }).click();

  // A user's details: role, sessions, recent actions, history; the edit form.
  await expect(page.getByRole('heading', { name: 'Mutale Banda' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Active sessions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent actions' })).toBeVisible();
  await shoot(page, 'user-details');
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await expect(edit.getByLabel(/^Role/)).toHaveValue(/\d+/);
  await shoot(page, 'user-edit');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // Roles: counts; the matrix grouped by module, searched, with the diff preview.
  await page.goto('/settings/roles');
  const roles = page.getByRole('table', { name: 'Roles' });
  await expect(roles.getByRole('link', { name: 'Loan Officer' })).toBeVisible();
  await roles.getByRole('link', { name: 'Loan Officer' }).click();
  await expect(page.getByRole('heading', { name: 'Role: Loan Officer' })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Loans/ })).toBeVisible();
  await shoot(page, 'role-matrix');
  await page.getByLabel('Search permissions').fill('repayments');
  await expect(page.getByRole('group', { name: /^Loans/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'can view repayments' }).check();
  await page.getByRole('button', { name: 'Save (adds 1)' }).click();
  const preview = page.getByRole('dialog', { name: 'Save changes to Loan Officer?' });
  await expect(preview).toContainText('Adds: can view repayments');
  await shoot(page, 'role-diff-preview');
  await preview.getByRole('button', { name: 'Cancel' }).click();

  // Branches and the loan product.
  await page.goto('/settings/branches');
  await expect(page.getByRole('table', { name: 'Branches' }).getByText('Lusaka').first()).toBeVisible();
  await shoot(page, 'branches');
  await page.goto('/settings/loan-product');
  await expect(page.getByLabel(/flat monthly rate/i)).not.toHaveValue('');
  await shoot(page, 'loan-product');

  // The audit trail, then one user's actions.
  await page.goto('/settings/audit');
  const audit = page.getByRole('table', { name: 'Audit Trail' });
  await expect(audit.locator('tbody tr').first()).toBeVisible();
  await shoot(page, 'audit-trail');
  await page.goto('/settings/audit?action=login');
  await expect(audit.locator('tbody tr').first()).toContainText('login');
  await shoot(page, 'audit-trail-filtered');

  // The top bar: Settings leads to the first settings screen the admin may open; the bell.
  await page.getByRole('button', { name: /Chanda Mwila/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/roles$/);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
  await shoot(page, 'notifications');
});
