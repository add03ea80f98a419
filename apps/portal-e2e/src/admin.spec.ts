import { readFileSync } from 'node:fs';
import { test, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DELIVERED_MESSAGES_ENV } from '../../../tools/e2e/playwright-base';
import { ADMIN, signIn } from './admin-support';

/**
 * Administration against the real api (issue 16): an admin makes a role and a user, the
 * user sets a password from the e-mail link and signs in with exactly the role's menu; the
 * admin revokes a permission and the user's menu loses it without signing out; an admin
 * without a permission cannot grant it (the matrix and the api); the audit trail shows it all.
 */
const CLERK = { name: 'Esther Clerk', email: `clerk-${Date.now()}@demo.zm`, number: `E2E-${Date.now() % 100000}`, password: 'Clerk#Pass-2026' };
const ROLE = `E2E Clerk ${Date.now() % 100000}`;
const DEPUTY = { name: 'Lombe Deputy', email: `deputy-${Date.now()}@demo.zm`, number: `E2D-${Date.now() % 100000}`, password: 'Deputy#Pass-2026' };
const DEPUTY_ROLE = `E2E Deputy ${Date.now() % 100000}`;
const TARGET_ROLE = `E2E Target ${Date.now() % 100000}`;

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

type Person = { name: string; email: string; number: string; password: string };

/** The admin adds a role (on the roles screen) and opens it: answers its id. */
async function addRole(page: Page, name: string): Promise<number> {
  await page.goto('/settings/roles');
  await page.getByRole('button', { name: 'Add role' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: `Role: ${name}` })).toBeVisible();
  return Number(/\/settings\/roles\/(\d+)$/.exec(page.url())?.[1]);
}

/** The admin creates the user with this role (the api e-mails the invitation): answers the user's id. */
async function createUser(page: Page, person: Person, role: string): Promise<number> {
  await page.goto('/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const form = page.getByRole('dialog', { name: 'New user' });
  await form.getByLabel('Full name').fill(person.name);
  await form.getByLabel('E-mail').fill(person.email);
  await form.getByLabel('Unique number').fill(person.number);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Create and invite' }).click();
  await expect(page.getByRole('heading', { name: person.name })).toBeVisible();
  return Number(/\/users\/(\d+)$/.exec(page.url())?.[1]);
}

/** The invited user sets a password from the e-mail's link and signs in, in a browser of their own. */
async function acceptInvitation(browser: Browser, person: Person): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(invitationLink(person.email));
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm new password').fill(person.password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, person.email, person.password);
  return { context, page };
}

/** The rows of the audit trail (filtered by the query), as their text. */
async function auditRows(page: Page, query: string): Promise<string[]> {
  await page.goto(`/settings/audit?${query}`);
  const table = page.getByRole('table', { name: 'Audit Trail' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  return table.locator('tbody tr').allInnerTexts();
}

async function saveMatrix(page: Page, summary: string) {
  await page.getByRole('button', { name: `Save (${summary})` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText(`Saved: ${summary}.`);
}

test('admin creates a role and a user; the user signs in with its menu, which follows a revoke; the audit trail shows it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.email, ADMIN.password);

  // A role with the dashboard and the users module.
  const roleId = await addRole(page, ROLE);
  await page.getByRole('checkbox', { name: 'view main dashboard' }).check();
  await page.getByRole('checkbox', { name: 'view users manager module' }).check();
  await saveMatrix(page, 'adds 2');

  // The user, invited by e-mail, sets a password from the link and sees exactly the role's menu.
  const clerkId = await createUser(page, CLERK, ROLE);
  const { context: clerkContext, page: clerk } = await acceptInvitation(browser, CLERK);
  expect(await readMenu(clerk)).toEqual(['Dashboard /dashboard', 'Users /users']);

  // The admin revokes the users module; the clerk's next call takes it out of the menu.
  await page.goto(`/settings/roles/${roleId}`);
  await page.getByRole('checkbox', { name: 'view users manager module' }).uncheck();
  await saveMatrix(page, 'removes 1');
  // Their next call (the users list, refused now) carries the new permissions fingerprint.
  await clerk.getByRole('link', { name: 'Users' }).click();
  await expect.poll(() => readMenu(clerk)).toEqual(['Dashboard /dashboard']);
  await expect(clerk.getByRole('heading', { name: 'No access' })).toBeVisible();
  // Still signed in: the dashboard answers.
  await clerk.getByRole('link', { name: 'Dashboard' }).click();
  await expect(clerk).toHaveURL(/\/dashboard$/);
  await expect(clerk.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await clerkContext.close();

  // The audit trail shows it all: the user created by the admin, the password they set,
  // their sign-in; the role's grant and revoke.
  const userRows = await auditRows(page, `entity=user&record=${clerkId}`);
  expect(userRows.find((r) => /\bcreate\b/.test(r))).toContain('Chanda Mwila');
  expect(userRows.find((r) => r.includes('password_reset'))).toBeTruthy();
  expect(userRows.find((r) => /\blogin\b/.test(r))).toContain(CLERK.name);
  const roleRows = await auditRows(page, `entity=role&record=${roleId}`);
  expect(roleRows.find((r) => r.includes('assign_permissions'))).toContain('Chanda Mwila');
  expect(roleRows.find((r) => r.includes('revoke_permissions'))).toContain('Chanda Mwila');
});

test('an admin cannot grant a permission they do not hold: the matrix does not offer it and the api refuses it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  // A deputy who may see roles and assign permissions, but holds no Loans permission.
  await addRole(page, DEPUTY_ROLE);
  for (const name of ['view main dashboard', 'view settngs manager module', 'can view roles', 'can assign permissions']) {
    await page.getByRole('checkbox', { name, exact: true }).check();
  }
  await saveMatrix(page, 'adds 4');
  const targetId = await addRole(page, TARGET_ROLE);
  await createUser(page, DEPUTY, DEPUTY_ROLE);
  const { context, page: deputy } = await acceptInvitation(browser, DEPUTY);

  // The matrix: what the deputy holds may be ticked, the rest is disabled and says why.
  await deputy.goto(`/settings/roles/${targetId}`);
  await expect(deputy.getByRole('heading', { name: `Role: ${TARGET_ROLE}` })).toBeVisible();
  await expect(deputy.getByRole('checkbox', { name: 'can view roles' })).toBeEnabled();
  const sms = deputy.getByRole('checkbox', { name: 'can send sms' });
  await expect(sms).toBeDisabled();
  await expect(sms).toHaveAccessibleName(/^can send sms\s*\(you do not hold it\)$/);
  await expect(deputy.getByRole('checkbox', { name: 'All in Loans' })).toBeDisabled();
  await expect(deputy.getByRole('button', { name: 'Save (no changes)' })).toBeDisabled();

  // The api, asked directly with the deputy's session: 403 with the reason; an unknown id is a 422.
  const catalog = (await (await deputy.request.get('/api/permission')).json()) as { id: number; name: string }[];
  const smsId = catalog.find((p) => p.name === 'can send sms')?.id;
  expect(smsId).toBeTruthy();
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent((await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '') };
  const refused = await deputy.request.post('/api/role/assign-permission', { headers, data: { role_id: targetId, ids: [smsId] } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe('You can only grant permissions you hold. You do not hold: can send sms.');
  const unknown = await deputy.request.post('/api/role/assign-permission', { headers, data: { role_id: targetId, ids: [999999] } });
  expect(unknown.status()).toBe(422);
  // What they hold, they may grant.
  const granted = await deputy.request.post('/api/role/assign-permission', { headers, data: { role_id: targetId, ids: [catalog.find((p) => p.name === 'can view roles')?.id] } });
  expect(granted.status()).toBe(200);
  await context.close();

  // Nothing of the refused grant reached the role.
  await page.goto(`/settings/roles/${targetId}`);
  await expect(page.getByRole('checkbox', { name: 'can send sms' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'can view roles' })).toBeChecked();
});
