import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { settled } from '../../../tools/e2e/views';

/** What the administration specs share (issue 16): the demo admin, signing in, screenshots. */
export const ADMIN = { email: 'admin@demo.zm', password: 'Demo#2026' };

/**
 * Screenshots go here, one per view, when E2E_SHOTS_DIR is set (e.g. tmp/screens, to look at
 * them); without it (CI) only the overflow checks run: four full-page shots per screen were
 * time nobody looked at.
 */
export const SHOTS = process.env['E2E_SHOTS_DIR'];

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
 * The page as it is at 1280 and 360 px, light and dark: at each view nothing may run off the
 * side of the page; full-page screenshots into SHOTS when it is set. Leaves the page at 1280 px, light.
 */
export async function shoot(page: Page, what: string) {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  for (const v of VIEWS) {
    await page.setViewportSize(v.viewport);
    await page.emulateMedia({ colorScheme: v.colorScheme });
    // From the top: a full-page shot of a scrolled page draws the fixed top bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Measured at rest: 150 ms after a resize from 1280 px the shell's content column was still
    // easing its 240 px menu padding away (200 ms), and on a busy machine the rest of it ran
    // the page "4px off the side at 360-light".
    await settled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${what} runs ${overflow}px off the side at ${v.name}`).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${what}-${v.name}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWS[0].viewport);
  await page.emulateMedia({ colorScheme: 'light' });
}
