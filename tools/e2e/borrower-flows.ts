import { readFileSync } from 'node:fs';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DELIVERED_MESSAGES_ENV } from './playwright-base';

// Borrower flows against the real api and the demo seed. The OTP is read from the phone:
// the e2e api writes what it sends, in clear, to a file (DELIVERED_MESSAGES_FILE); the
// outbox staff can read holds codes and links masked.
export const OFFICER = { email: 'officer@demo.zm', password: 'Demo#2026' };
// A 1x1 PNG: the authorized representative's signature.
export const REP_SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A mobile and NRC no other run uses. */
export function freshBorrower() {
  const n = Date.now() % 1_000_000_000;
  const digits = String(n).padStart(9, '0');
  return {
    mobile: `09${digits.slice(1)}`,
    nrc: `${digits.slice(0, 6)}/${digits.slice(6, 8)}/${digits.slice(8)}`,
    name: 'Mwila Banda',
  };
}

function xsrf(cookies: { name: string; value: string }[]) {
  return decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
}

/** The newest 6-digit code the api sent by SMS to `mobile` (as typed: 09... or +260...). */
export function otpSentTo(mobile: string): string {
  const file = process.env[DELIVERED_MESSAGES_ENV];
  if (!file) throw new Error(`${DELIVERED_MESSAGES_ENV} is not set: run through the e2e Playwright config`);
  const to = mobile.startsWith('0') ? `+260${mobile.slice(1)}` : mobile;
  const sms = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { channel: string; to: string; purpose: string; body: string })
    .filter((m) => m.channel === 'sms' && m.to === to && m.purpose === 'otp')
    .at(-1);
  const code = /(\d{6})/.exec(sms?.body ?? '')?.[1];
  expect(code, `an OTP sent to ${to}`).toBeTruthy();
  return code as string;
}

/** A staff api client (own cookie jar): CSRF cookie, then sign in (as the officer unless told). */
export async function staffClient(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string,
  account: { email: string; password: string } = OFFICER,
) {
  const ctx = await playwright.request.newContext({ baseURL });
  await ctx.get('/sanctum/csrf-cookie');
  const headers = async () => ({ 'X-XSRF-TOKEN': xsrf((await ctx.storageState()).cookies) });
  const login = await ctx.post('/login', { data: account, headers: await headers() });
  expect(login.status(), await login.text()).toBeLessThan(400);
  return {
    ctx,
    async post(url: string, data: object) {
      return ctx.post(url, { data, headers: await headers() });
    },
  };
}
export type Staff = Awaited<ReturnType<typeof staffClient>>;

/** Sends the code to the number on screen and types it from the phone. */
export async function confirmMobileInBrowser(page: Page, mobile: string) {
  await expect(page.getByRole('heading', { name: 'Confirm your mobile number' })).toBeVisible();
  await page.getByRole('button', { name: 'Send me the code' }).click();
  await expect(page.getByText(/We sent a 6-digit code/)).toBeVisible();
  await page.getByLabel('6-digit code').fill(otpSentTo(mobile));
  await page.getByRole('button', { name: 'Confirm code' }).click();
}

/** A borrower fills the form in the browser, confirms the OTP and sends; answers the reference code. */
export async function applyInBrowser(page: Page, who = freshBorrower()) {
  await page.goto('/apply');
  await expect(page.getByRole('heading', { name: 'Apply for a loan' })).toBeVisible();
  await page.getByLabel('NRC number').fill(who.nrc);
  await page.getByLabel('Full name').fill(who.name);
  await page.getByLabel('Mobile number').fill(who.mobile);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await confirmMobileInBrowser(page, who.mobile);

  await expect(page.getByRole('heading', { name: 'Your work' })).toBeVisible();
  await page.getByLabel('Employer').fill('Zambia Sugar');
  await page.getByLabel('Branch').selectOption('Lusaka');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Your loan' })).toBeVisible();
  await page.getByLabel('Amount (ZMW)').fill('5000');
  await page.getByLabel('Months to repay').selectOption('6');
  await page.getByLabel('What is the loan for?').fill('School fees');
  await expect(page.getByTestId('monthly-instalment')).toHaveText(/^ZMW [\d,]+\.\d\d$/);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Check and send' })).toBeVisible();
  await expect(page.getByText('ZMW 5,000.00')).toBeVisible();
  await page.getByRole('button', { name: 'Send my application' }).click();
  const ref = page.getByTestId('reference-code');
  await expect(ref).toHaveText(/^LA-\d{4}-\d{6}$/);
  return { reference: (await ref.textContent()) as string, ...who };
}

/** The same application through the api only (to have something to send an offer for), of `amount` ZMW. */
export async function applyByApi(request: APIRequestContext, who = freshBorrower(), amount = '12500') {
  await request.get('/sanctum/csrf-cookie');
  const headers = { 'X-XSRF-TOKEN': xsrf((await request.storageState()).cookies) };
  expect((await request.post('/api/web/otp/send', { data: { mobile: who.mobile }, headers })).status()).toBe(200);
  const v = await request.post('/api/web/otp/validation', { data: { mobile: who.mobile, code: otpSentTo(who.mobile) }, headers });
  const { ticket } = await v.json();
  const res = await request.post('/api/applyForLoan/create', {
    data: { nrc: who.nrc, full_name: who.name, mobile: who.mobile, employer: 'ZESCO', branch: 'Ndola', amount, tenure: 12, purpose: 'Roof', ticket },
    headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { id: number; reference_code: string };
}

/** Draws a signature with the mouse on the signature box. */
export async function drawSignature(page: Page) {
  const pad = page.getByLabel('Signature box: draw your signature here');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature box');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + (i % 2 ? -20 : 20), { steps: 3 });
  await page.mouse.up();
}

/**
 * The borrower flows both apps must pass: the portal serves /apply and
 * /loan-offer-letter/:token from its route table, and apps/public-borrower is the separate
 * build. Each e2e suite declares them with this function, so the flows are written once.
 */
export function declareBorrowerFlows(): { staff: () => Staff } {
  let staff: Staff;
  test.beforeAll(async ({ playwright }, info) => {
    staff = await staffClient(playwright, info.project.use.baseURL as string);
  });
  test.afterAll(async () => staff?.ctx.dispose());

  test('a borrower completes an application with OTP and it is a request in the database', async ({ page }) => {
    const { reference } = await applyInBrowser(page);
    const res = await staff.ctx.get(`/api/applyForLoan/filter?reference_code=${reference}`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    const rows = (Array.isArray(body) ? body : body.items) as { reference_code: string; status: string }[];
    expect(rows.find((r) => r.reference_code === reference)).toMatchObject({ status: 'request' });
  });

  test('a staff-generated letter is signed by the borrower and then shows as signed', async ({ page, request }) => {
    const app = await applyByApi(request);
    const gen = await staff.post(`/api/loan-offer-letter/generate/${app.id}`, { authorized_rep_signature: REP_SIGNATURE });
    expect(gen.status(), await gen.text()).toBe(200);
    const letter = await gen.json();

    await page.goto(`/loan-offer-letter/${letter.token}`);
    await expect(page.getByRole('heading', { name: 'Loan offer letter' })).toBeVisible();
    await expect(page.getByText('ZMW 12,500.00')).toBeVisible();
    await page.getByLabel('Your full name').fill('Mwila Banda');
    await drawSignature(page);
    await page.getByRole('button', { name: 'Sign and accept the offer' }).click();
    await expect(page.getByText('Thank you. Your loan offer is signed.')).toBeVisible();

    await page.reload();
    await expect(page.getByText(/You signed this offer on/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign and accept the offer' })).toHaveCount(0);
    const staffView = await (await staff.ctx.get(`/api/loan-offer-letter/getById/${letter.id}`)).json();
    expect(staffView).toMatchObject({ status: 'signed', borrower_name: 'Mwila Banda' });
    expect(staffView.signed_content_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  test('an expired and an unknown token show their own pages', async ({ page, request }) => {
    const app = await applyByApi(request);
    const first = await (await staff.post(`/api/loan-offer-letter/generate/${app.id}`, { authorized_rep_signature: REP_SIGNATURE })).json();
    // A new letter replaces the first, whose link has lapsed: expired with the reason
    // `replaced`, and the page says so rather than merely expired (NOTES.md).
    await staff.post(`/api/loan-offer-letter/generate/${app.id}`, { authorized_rep_signature: REP_SIGNATURE });
    await page.goto(`/loan-offer-letter/${first.token}`);
    await expect(page.getByRole('heading', { name: 'This loan offer was replaced by a newer one' })).toBeVisible();
    await page.goto(`/loan-offer-letter/${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: 'We could not find this loan offer' })).toBeVisible();
  });

  return { staff: () => staff };
}
