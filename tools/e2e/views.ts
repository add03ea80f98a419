import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The views every screen must work in: wide and 360 px, light and dark. */
export const SCREEN_VIEWS = [
  { name: '1280-light', width: 1280, colorScheme: 'light' },
  { name: '1280-dark', width: 1280, colorScheme: 'dark' },
  { name: '360-light', width: 360, colorScheme: 'light' },
  { name: '360-dark', width: 360, colorScheme: 'dark' },
] as const;

/**
 * Shows the page in each view and answers, per view, how many pixels it runs off the side (0
 * when nothing does). With E2E_SHOTS_DIR set, a full-page screenshot of each view goes there as
 * `<name>-<view>.png`, to be looked at. Leaves the page wide and light.
 */
export async function inEveryView(page: Page, name: string): Promise<Record<string, number>> {
  const dir = process.env['E2E_SHOTS_DIR'];
  if (dir) mkdirSync(dir, { recursive: true });
  const overflow: Record<string, number> = {};
  for (const view of SCREEN_VIEWS) {
    await page.setViewportSize({ width: view.width, height: 900 });
    await page.emulateMedia({ colorScheme: view.colorScheme });
    // From the top: a full-page shot of a scrolled page draws the fixed top bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    overflow[view.name] = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (dir) await page.screenshot({ path: join(dir, `${name}-${view.name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  return overflow;
}
