import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** What the administration specs share (issue 16): the demo admin, signing in, screenshots. */
export const ADMIN = { email: 'admin@demo.zm', password: 'Demo#2026' };

/** Screenshots go here (E2E_SHOTS_DIR, else tmp/screens), one per view. */
export const SHOTS = process.env['E2E_SHOTS_DIR'] ?? join(__dirname, '../../../tmp/screens');

export const VIEWS = [
  { name: '1280-light', viewport: { width: 1280, height: 900 }, colorScheme: 'light' as const },
  { name: '1280-dark', viewport: { width: 1280, height: 900 }, colorScheme: 'dark' as const },
  { name: '360-light', viewport: { width: 360, height: 780 }, colorScheme: 'light' as const },
  { name: '360-dark', viewport: { width: 360, height: 780 }, colorScheme: 'dark' as const },
];

export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password) {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Full-page screenshots of the page as it is, at 1280 and 360 px, light and dark; at each
 * view nothing may run off the side of the page. Leaves the page at 1280 px, light.
 */
export async function shoot(page: Page, what: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const v of VIEWS) {
    await page.setViewportSize(v.viewport);
    await page.emulateMedia({ colorScheme: v.colorScheme });
    // From the top: a full-page shot of a scrolled page draws the fixed top bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${what} runs ${overflow}px off the side at ${v.name}`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, `${what}-${v.name}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWS[0].viewport);
  await page.emulateMedia({ colorScheme: 'light' });
}
