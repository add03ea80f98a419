import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { settled } from '../../../tools/e2e/views';

/** What the disbursement specs share: finance's sign-in and the review screenshots. */
export const PASSWORD = 'Demo#2026';
/** Screenshots for review go here when it is set (1280 and 360 px, light and dark). */
export const SHOTS = process.env['SHOTS_DIR'];

export async function signInAsFinance(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail or staff number').fill('finance@demo.zm');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The page as it is now at 1280 and 360 px, light and dark, into SHOTS (nothing without it). */
export async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [1280, 900],
    [360, 780],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      // The shell's menu and colours animate after a resize or a scheme change: let them settle.
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}
