import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { businessTodayOf } from '@loan/shared-util-format';
import { API_URL_ENV, DELIVERED_MESSAGES_ENV } from './playwright-base';

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

/** An address of the loopback range no other client of this run uses (127.0.0.1 is the browser's). */
function freshLoopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * A client of the api (E2E_API_URL, not the app's proxy) from an address of its own in the
 * loopback range, as a borrower's phone or a staff member's desk would be: the api's rate limits
 * are per address (10 OTPs, applications and signatures a window), so a test that makes many
 * loans gives each borrower their own. Keeps its cookies and sends the CSRF header.
 */
export function loopbackClient(ip = freshLoopbackAddress()) {
  const base = process.env[API_URL_ENV];
  if (!base) throw new Error(`${API_URL_ENV} is not set: run through the e2e Playwright config`);
  const jar = new Map<string, string>();
  const send = (method: string, path: string, body?: { type: string; data: Buffer }) =>
    new Promise<{ status: number; text: string; json: () => unknown }>((resolve, reject) => {
      const xsrf = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
      const headers: Record<string, string | number> = { accept: 'application/json', 'user-agent': 'E2E phone', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
      if (xsrf) headers['x-xsrf-token'] = xsrf;
      if (body) Object.assign(headers, { 'content-type': body.type, 'content-length': body.data.length });
      const req = httpRequest(`${base}${path}`, { method, headers, localAddress: ip }, (res) => {
        for (const c of res.headers['set-cookie'] ?? []) {
          const [pair] = c.split(';');
          const i = pair.indexOf('=');
          jar.set(pair.slice(0, i), pair.slice(i + 1));
        }
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          resolve({ status: res.statusCode ?? 0, text, json: () => JSON.parse(text) });
        });
      });
      req.on('error', reject);
      req.end(body?.data);
    });
  const json = (data: object) => ({ type: 'application/json', data: Buffer.from(JSON.stringify(data)) });
  return {
    ip,
    get: (path: string) => send('GET', path),
    post: (path: string, data: object) => send('POST', path, json(data)),
    put: (path: string, data: object) => send('PUT', path, json(data)),
    /** multipart/form-data: text fields and one PNG file. */
    postForm: (path: string, fields: Record<string, string>, file: { field: string; name: string; data: Buffer }) => {
      const boundary = `----e2e${randomInt(1e9)}`;
      const chunks: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`), file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
      return send('POST', path, { type: `multipart/form-data; boundary=${boundary}`, data: Buffer.concat(chunks) });
    },
    /** Signs in as a staff member (CSRF cookie first). */
    async signIn(account: { email: string; password: string }) {
      await send('GET', '/sanctum/csrf-cookie');
      const res = await send('POST', '/login', json(account));
      expect(res.status, res.text).toBeLessThan(400);
    },
  };
}
export type LoopbackClient = ReturnType<typeof loopbackClient>;

/**
 * A payable loan made as in life, through the api: the borrower applies from their own phone
 * (OTP, application), `staff` (who may approve and send letters) approves it and sends the offer
 * letter, and the borrower signs it from the phone. Answers the application.
 */
export async function payableLoanByApi(staff: LoopbackClient, who: { mobile: string; nrc: string; name: string }, amount: string) {
  const phone = loopbackClient();
  await phone.get('/sanctum/csrf-cookie');
  const sent = await phone.post('/api/web/otp/send', { mobile: who.mobile });
  expect(sent.status, sent.text).toBe(200);
  const valid = await phone.post('/api/web/otp/validation', { mobile: who.mobile, code: otpSentTo(who.mobile) });
  expect(valid.status, valid.text).toBe(200);
  const { ticket } = valid.json() as { ticket: string };
  const applied = await phone.post('/api/applyForLoan/create', {
    nrc: who.nrc,
    full_name: who.name,
    mobile: who.mobile,
    employer: 'ZESCO',
    branch: 'Ndola',
    amount,
    tenure: 12,
    purpose: 'Roof',
    ticket,
  });
  expect(applied.status, applied.text).toBe(200);
  const app = applied.json() as { id: number; reference_code: string };
  const approved = await staff.put('/api/applyForLoan/update', { id: app.id, status: 'approved' });
  expect(approved.status, approved.text).toBe(200);
  const gen = await staff.post(`/api/loan-offer-letter/generate/${app.id}`, { authorized_rep_signature: REP_SIGNATURE });
  expect(gen.status, gen.text).toBe(200);
  const { token } = gen.json() as { token: string };
  const today = businessTodayOf();
  const png = Buffer.from(REP_SIGNATURE.split(',')[1], 'base64');
  const signed = await phone.postForm(`/api/loan-offer-letter/borrower-sign-offer/${token}`, { borrower_name: who.name, borrower_date: today }, { field: 'signature', name: 'signature.png', data: png });
  expect(signed.status, signed.text).toBe(200);
  return app;
}
