import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';

/**
 * The top-up lists against the real api (issue 12): the officer opens a top-up list from
 * the menu, sorts it, and downloads the list as filtered as CSV (streamed by the api).
 * Screenshots of the list (desktop light, 360 px dark) go to tmp/screens for review.
 */
const PASSWORD = 'Demo#2026';
const SCREENS_DIR = join(__dirname, '../../../tmp/screens');

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill('officer@demo.zm');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the officer lists, sorts and exports the top-up requests', async ({ page }) => {
  await signIn(page);
  const aside = page.getByRole('complementary', { name: 'Main menu' });
  await aside.getByRole('button', { name: 'Loans' }).click();
  await aside.getByRole('button', { name: 'Top-ups' }).click();
  await aside.getByRole('link', { name: 'Requests' }).last().click();
  await expect(page).toHaveURL(/\/loans\/topup\/requests/);
  const table = page.getByRole('table', { name: 'Top-up Requests' });
  const refs = table.locator('tbody tr td a');
  await expect(refs.first()).toHaveText(/^TU-/);
  await expect(page.getByRole('navigation', { name: 'Top-up statuses' })).toBeVisible();

  await page.getByLabel('Sort by').selectOption('-amount');
  await expect(page).toHaveURL(/sort=-amount/);
  await expect(refs.first()).toHaveAttribute('href', /^\/loans\/topup\/\d+$/);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('"reference_code","fullname","nrc","mobile","employer","branch","amount","total_amount_due","tenure_months","status","created_at"');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.startsWith('"TU-') && l.includes('"request"'))).toBe(true);
  const amounts = lines.slice(1).map((l) => Number(l.split('","')[6]));
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

  await page.screenshot({ path: join(SCREENS_DIR, 'topup-requests-desktop-light.png'), fullPage: true });
});

test.describe('at 360 px in dark mode', () => {
  test.use({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });
  test('the approved top-ups list fits and reads', async ({ page }) => {
    await signIn(page);
    await page.goto('/loans/topup/approved');
    await expect(page.getByRole('heading', { name: 'Approved Top-ups' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Approved Top-ups' }).locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: join(SCREENS_DIR, 'topup-approved-360-dark.png'), fullPage: true });
  });
});
