import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { SMTP_MAILBOX_ENV } from '../../../tools/e2e/playwright-base';
import { settled } from '../../../tools/e2e/views';

/**
 * Communication against the real api (issue 15): an officer composes an SMS to one client
 * picked by searching, previews it as the server renders it, sends it, sees it in the list
 * and opens its details (status, progress of its send); sends a templated bulk SMS to a
 * branch and watches its progress (the api sends 5 a second: the provider's rate); opens
 * the same composer on an application's details; and sends an e-mail that reaches the
 * run's local SMTP server (tools/e2e/smtp-sink.ts). Screenshots (1280 and 360 px, light
 * and dark) go to E2E_SHOTS_DIR when it is set.
 */
const SHOTS = process.env['E2E_SHOTS_DIR'];

async function signIn(page: Page, who = 'officer@demo.zm') {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill(who);
  await page.getByLabel('Password').fill('Demo#2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an officer sends an SMS to a client, sees it in the list and opens its details', async ({ page }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36).toUpperCase();
  await signIn(page);
  await page.goto('/communication');
  await expect(page.getByRole('heading', { name: 'Communication' })).toBeVisible();
  await page.getByRole('button', { name: 'Send SMS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send SMS' });
  // A borrower of the demo book, found by the server's search (the picker's list).
  await dialog.getByRole('searchbox', { name: /Find clients/ }).fill('Banda');
  const add = dialog.getByRole('list', { name: 'Matching clients' }).getByRole('button').first();
  const name = ((await add.locator('span').first().innerText()).replace(/^Add /, '')).trim();
  const client = { name };
  expect(name).toMatch(/Banda/);
  await add.click();
  await expect(dialog.getByRole('list', { name: 'Chosen clients' })).toContainText(client.name);
  await dialog.getByLabel(/^Message/).fill(`Dear {name}, your statement is ready. E2E-${run}`);
  // The server's rendering, per recipient.
  await expect(dialog.getByText(`Dear ${client.name}, your statement is ready. E2E-${run}`)).toBeVisible();
  await expect(dialog).toContainText('Reaches 1 client');
  await shots(page, 'compose-sms');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('SMS queued for sending.')).toBeVisible();

  // In the list (searched by the client's name), then its details.
  await page.getByRole('searchbox', { name: 'Search by client or recipient' }).fill(client.name);
  await page.getByRole('searchbox', { name: 'Search by client or recipient' }).press('Enter');
  const table = page.getByRole('table', { name: 'Communication' });
  await expect(table.getByRole('link', { name: client.name }).first()).toBeVisible();
  await table.getByRole('link', { name: client.name }).first().click();
  await expect(page).toHaveURL(/\/communication\/\d+(\?|$)/);
  await expect(page.getByText(`E2E-${run}`)).toBeVisible();
  // The outbox's sandbox report turns it delivered; the progress panel follows.
  const progress = page.getByRole('region', { name: 'Send progress' });
  await expect(progress).toContainText('Finished: 1 message.', { timeout: 20_000 });
  await expect(page.getByText('delivered', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await shots(page, 'message-details');
});

/** The e-mails the run's SMTP server received (one JSON line each). */
function mailbox(): Array<{ to: string[]; raw: string }> {
  const file = process.env[SMTP_MAILBOX_ENV];
  if (!file) throw new Error(`${SMTP_MAILBOX_ENV} is not set: run through the e2e Playwright config`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; raw: string });
}

async function xsrf(page: Page): Promise<Record<string, string>> {
  return { 'X-XSRF-TOKEN': decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '') };
}

test('an officer sends a templated SMS to every client of a branch and watches the progress', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/communication');
  await page.getByRole('button', { name: 'Send SMS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send SMS' });
  await dialog.getByLabel('To').selectOption({ label: 'Clients of a branch or loan state' });
  await dialog.getByLabel('Branch').selectOption({ label: 'Kabwe' });
  await dialog.getByLabel('Template').selectOption({ label: 'Statement ready' });
  await expect(dialog.getByLabel(/^Message/)).toHaveValue(/\{name\}/);
  // The server's rendering for the first recipients, and how many it reaches.
  await expect(dialog).toContainText(/Reaches \d+ clients; the first 3:/);
  const reach = Number(/Reaches (\d+) clients/.exec(await dialog.innerText())?.[1]);
  expect(reach).toBeGreaterThan(10);
  await expect(dialog.getByText(/^Dear .+, your loan statement is ready\. Balance: K/).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Send to ${reach} clients?` });
  await confirm.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('SMS queued for sending.')).toBeVisible();

  // A message of this send still waiting (nothing else waits): its details follow the send as it goes.
  await page.goto('/communication?status=queued');
  const table = page.getByRole('table', { name: 'Communication' });
  await table.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByText(/^Dear .+, your loan statement is ready\. Balance: K/).first()).toBeVisible();
  const progress = page.getByRole('region', { name: 'Send progress' });
  await expect(progress).toContainText(new RegExp(`Sending: \\d+ of ${reach} done\\.`));
  await shots(page, 'bulk-progress');
  await expect(progress).toContainText(`Finished: ${reach} messages.`, { timeout: 60_000 });
  // Cumulative: every delivered message counts as sent too. The sandbox reports deliveries
  // 1.5 s after each send; the panel keeps asking after "Finished" until every report is in
  // (no reload).
  const figure = (label: string) => progress.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(figure('Delivered')).toHaveText(String(reach), { timeout: 30_000 });
  await expect(progress.locator('[aria-live="polite"]')).toHaveText(`Finished: ${reach} messages.`);
  await expect(figure('Sent')).toHaveText(String(reach));
  await expect(figure('Awaiting report')).toHaveText('0');
  await expect(figure('Queued')).toHaveText('0');
  await shots(page, 'bulk-finished');
  // The recipient's number is masked, as in the picker.
  await expect(page.getByText(/\(\+?\*+\d{3}\)/).first()).toBeVisible();
});

test("the same composer opens on an application's details, the borrower chosen", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/loans/applications/requests');
  await page.getByRole('table', { name: 'Application Requests' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/loans\/applications\/\d+$/);
  await page.getByRole('button', { name: 'Send SMS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send SMS' });
  // The application's borrower, chosen: the chip carries their name.
  const chip = dialog.getByRole('list', { name: 'Chosen clients' }).getByRole('listitem');
  await expect(chip).toHaveCount(1);
  const borrower = (await chip.innerText()).trim();
  expect(borrower).not.toMatch(/^Client \d+$/);
  await dialog.getByLabel(/^Message/).fill('Dear {name}, please call the branch about your application.');
  await expect(dialog).toContainText('Reaches 1 client');
  await expect(dialog.getByText(`Dear ${borrower}, please call the branch about your application.`)).toBeVisible();
  await shots(page, 'compose-from-details');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('SMS queued for sending.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Still on the application.
  await expect(page).toHaveURL(/\/loans\/applications\/\d+$/);
});

test('an e-mail to a client reaches the SMTP server of the run', async ({ page }) => {
  test.setTimeout(60_000);
  const run = Date.now().toString(36).toUpperCase();
  await signIn(page);
  // A client with an e-mail address, as the server resolves them.
  const res = await page.request.post('/api/communication/preview', {
    data: { channel: 'email', all: true, subject: 'x', body: 'x', limit: 1 },
    headers: await xsrf(page),
  });
  expect(res.status()).toBe(200);
  const [client] = (await res.json()).items as Array<{ client_id: number; client_name: string; recipient: string }>;
  await page.goto(`/communication?compose=email&client=${client.client_id}`);
  const dialog = page.getByRole('dialog', { name: 'Send e-mail' });
  await expect(dialog.getByRole('list', { name: 'Chosen clients' })).toContainText(client.client_name);
  await dialog.getByLabel(/^Subject/).fill(`Statement E2E-${run}`);
  await dialog.getByLabel(/^Message/).fill('Dear {name}, your statement is ready.');
  await expect(dialog.getByText(`Dear ${client.client_name}, your statement is ready.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('E-mail queued for sending.')).toBeVisible();
  await expect
    .poll(() => mailbox().find((m) => m.raw.includes(`Statement E2E-${run}`)), { timeout: 30_000 })
    .toMatchObject({ to: [client.recipient] });
  const mail = mailbox().find((m) => m.raw.includes(`Statement E2E-${run}`));
  expect(mail?.raw).toContain(`Dear ${client.client_name}, your statement is ready.`);
});

test('an officer edits a template on the communication screen', async ({ page }) => {
  await signIn(page);
  await page.goto('/communication');
  const section = page.getByRole('region', { name: 'Templates', exact: true });
  await section.getByRole('button', { name: 'Edit template Reminder after the due date' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit template: Reminder after the due date' });
  const body = 'Dear {name}, loan {reference} was due on {due_date}. Please pay K{balance}.';
  await dialog.getByLabel(/^Message/).fill(body);
  await shots(page, 'template-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved.')).toBeVisible();
  await expect(section).toContainText(body);
});
