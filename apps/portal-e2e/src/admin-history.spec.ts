import { expect, test } from '@playwright/test';
import { shoot, signIn } from './admin-support';

/**
 * Issue 16 items 1 and 2 against the real api: the admin describes a role (the roles
 * screens), corrects an application and reads both changes in the record's History
 * section. Screenshots (1280 and 360 px, light and dark) go to E2E_SHOTS_DIR when it is set.
 */
const DESCRIPTION = `Reads reports and the dashboard (e2e ${Date.now() % 100000}).`;
const EMPLOYER = `Zambeef ${Date.now() % 100000}`;

test('the admin describes a role and reads the change in its History', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/settings/roles');
  const table = page.getByRole('table', { name: 'Roles' });
  const viewer = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Viewer', exact: true }) });
  await viewer.getByRole('button', { name: 'Edit Viewer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit role' });
  // The contract's limit, checked before sending.
  await dialog.getByLabel('Description').fill('x'.repeat(501));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The description may have at most 500 characters.')).toBeVisible();
  await dialog.getByLabel('Description').fill(DESCRIPTION);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(viewer).toContainText(DESCRIPTION);
  await shoot(page, 'roles-list');

  await viewer.getByRole('link', { name: 'Viewer', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Role: Viewer' })).toBeVisible();
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await history.getByRole('button', { name: 'Show history' }).click();
  const entries = history.getByRole('list', { name: 'History of this role' });
  await expect(entries.locator(':scope > li').first()).toContainText('update');
  await expect(entries.locator(':scope > li').first()).toContainText('description');
  await expect(entries.locator(':scope > li').first()).toContainText(DESCRIPTION);
  await shoot(page, 'role-details-history');
});

test('an application correction shows in the History section of its details page', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/loans/applications/requests');
  const first = page.getByRole('table').locator('tbody tr td a').first();
  await expect(first).toHaveText(/^LA-/);
  await first.click();
  await expect(page).toHaveURL(/\/loans\/applications\/\d+$/);
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit application' });
  await form.getByLabel('Employer').fill(EMPLOYER);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();

  const history = page.getByRole('region', { name: 'History' });
  await history.getByRole('button', { name: 'Show history' }).click();
  const entries = history.getByRole('list', { name: 'History of this application' });
  const latest = entries.locator(':scope > li').first();
  await expect(latest).toContainText('updated');
  await expect(latest).toContainText(`→ ${EMPLOYER}`);
  await expect(latest).toContainText('by ');
  await history.scrollIntoViewIfNeeded();
  await shoot(page, 'application-history');
});
