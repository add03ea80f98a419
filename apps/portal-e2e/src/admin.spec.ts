import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { DELIVERED_MESSAGES_ENV } from '../../../tools/e2e/playwright-base';

/**
 * Administration against the real api (issue 16): an admin makes a role and a user, the
 * user sets a password from the e-mail link and signs in with exactly the role's menu; the
 * admin revokes a permission and the user's menu loses it without signing out.
 */
const ADMIN = { email: 'admin@demo.zm', password: 'Demo#2026' };
const CLERK = { name: 'Esther Clerk', email: `clerk-${Date.now()}@demo.zm`, number: `E2E-${Date.now() % 100000}`, password: 'Clerk#Pass-2026' };
const ROLE = `E2E Clerk ${Date.now() % 100000}`;

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function readMenu(page: Page): Promise<string[]> {
  const aside = page.getByRole('complementary', { name: 'Main menu' });
  await expect(aside.getByRole('button', { name: 'Logout' })).toBeVisible();
  return aside.locator('nav[aria-label="Sections"] a').evaluateAll((links) => links.map((a) => `${a.textContent?.trim()} ${new URL((a as HTMLAnchorElement).href).pathname}`));
}

function invitationLink(to: string): string {
  const file = process.env[DELIVERED_MESSAGES_ENV] ?? '';
  const mail = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; purpose: string; body: string })
    .filter((m) => m.to === to && m.purpose === 'invitation')
    .at(-1);
  const link = /(http\S+)/.exec(mail?.body ?? '')?.[1];
  expect(link, `an invitation to ${to}`).toBeTruthy();
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

async function saveMatrix(page: Page, summary: string) {
  await page.getByRole('button', { name: `Save (${summary})` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText(`Saved: ${summary}.`);
}

test('admin creates a role and a user; the user signs in with its menu, which follows a revoke', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN.email, ADMIN.password);

  // A role with the dashboard and the users module.
  await page.goto('/settings/roles');
  await page.getByRole('button', { name: 'Add role' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(ROLE);
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await page.getByRole('link', { name: ROLE }).click();
  await page.getByRole('checkbox', { name: 'view main dashboard' }).check();
  await page.getByRole('checkbox', { name: 'view users manager module' }).check();
  await saveMatrix(page, 'adds 2');

  // The user, invited by e-mail.
  await page.goto('/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const form = page.getByRole('dialog', { name: 'New user' });
  await form.getByLabel('Full name').fill(CLERK.name);
  await form.getByLabel('E-mail').fill(CLERK.email);
  await form.getByLabel('Unique number').fill(CLERK.number);
  await form.getByLabel('Role').selectOption({ label: ROLE });
  await form.getByRole('button', { name: 'Create and invite' }).click();
  await expect(page.getByRole('heading', { name: CLERK.name })).toBeVisible();

  // The user sets a password from the link and sees exactly the role's menu.
  const clerkContext = await browser.newContext();
  const clerk = await clerkContext.newPage();
  await clerk.goto(invitationLink(CLERK.email));
  await expect(clerk.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await clerk.getByLabel('New password', { exact: true }).fill(CLERK.password);
  await clerk.getByLabel('Confirm new password').fill(CLERK.password);
  await clerk.getByRole('button', { name: 'Set password' }).click();
  await expect(clerk).toHaveURL(/\/login$/);
  await signIn(clerk, CLERK.email, CLERK.password);
  expect(await readMenu(clerk)).toEqual(['Dashboard /dashboard', 'Users /users']);

  // The admin revokes the users module; the clerk's next call takes it out of the menu.
  await page.goto('/settings/roles');
  await page.getByRole('link', { name: ROLE }).click();
  await page.getByRole('checkbox', { name: 'view users manager module' }).uncheck();
  await saveMatrix(page, 'removes 1');
  // Their next call (the users list, refused now) carries the new permissions fingerprint.
  await clerk.getByRole('link', { name: 'Users' }).click();
  await expect.poll(() => readMenu(clerk)).toEqual(['Dashboard /dashboard']);
  await expect(clerk.getByRole('heading', { name: 'No access' })).toBeVisible();
  await clerkContext.close();

  // The audit trail shows it.
  await page.goto('/settings/audit?action=revoke_permissions');
  await expect(page.getByRole('table', { name: 'Audit Trail' })).toContainText('revoke_permissions');
});
