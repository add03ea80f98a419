import { test, expect } from '@playwright/test';
import { REP_SIGNATURE, applyByApi, applyInBrowser, drawSignature, freshBorrower, staffClient, type Staff } from './borrower-helpers';

// The separate borrower app (apps/public-borrower) against the real api.
let staff: Staff;
test.beforeAll(async ({ playwright }, info) => {
  staff = await staffClient(playwright, info.project.use.baseURL as string);
});
test.afterAll(async () => staff?.ctx.dispose());

test('a borrower completes an application with OTP and it is a request in the database', async ({ page }) => {
  const { reference } = await applyInBrowser(page, staff);
  const res = await staff.ctx.get(`/api/applyForLoan/filter?reference_code=${reference}`);
  expect(res.status()).toBe(200);
  const body = await res.json();
  const rows = (Array.isArray(body) ? body : body.data) as { reference_code: string; status: string }[];
  expect(rows.find((r) => r.reference_code === reference)).toMatchObject({ status: 'request' });
});

test('a staff-generated letter is signed by the borrower and then shows as signed', async ({ page, request }) => {
  const app = await applyByApi(request, staff);
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
  const app = await applyByApi(request, staff);
  const first = await (await staff.post(`/api/loan-offer-letter/generate/${app.id}`, { authorized_rep_signature: REP_SIGNATURE })).json();
  // A new letter replaces the first, whose link has lapsed.
  await staff.post(`/api/loan-offer-letter/generate/${app.id}`, { authorized_rep_signature: REP_SIGNATURE });
  await page.goto(`/loan-offer-letter/${first.token}`);
  await expect(page.getByRole('heading', { name: 'This loan offer has expired' })).toBeVisible();
  await page.goto(`/loan-offer-letter/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'We could not find this loan offer' })).toBeVisible();
});

test('a borrower who leaves half-way resumes with the same mobile number and a new OTP', async ({ page }) => {
  const who = freshBorrower();
  await page.goto('/apply');
  await page.getByLabel('NRC number').fill(who.nrc);
  await page.getByLabel('Full name').fill(who.name);
  await page.getByLabel('Mobile number').fill(who.mobile);
  await page.keyboard.press('Enter');
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
  await page.getByLabel('6-digit code').fill(await staff.otp(who.mobile));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your loan' })).toBeVisible();
  await expect(page.getByText('Welcome back')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Employer')).toHaveValue('ZESCO');
  await expect(page.getByLabel('Branch')).toHaveValue('Kitwe');
});
