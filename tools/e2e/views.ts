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
 * Waits until the page's CSS transitions and finite animations have ended (endless ones such
 * as spinners are ignored), so what is measured or photographed is the layout at rest, not a
 * frame of the shell's 200 ms padding and menu transitions after a resize or of the colour
 * transitions after a scheme change. `document.getAnimations()` first applies pending style
 * changes, so a transition that a resize has just caused is counted.
 */
export async function settled(page: Page): Promise<void> {
  // Two frames first: a scheme change reaches the page's classes through a media-query
  // listener and a render, and only then do its colour transitions start.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

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
    await settled(page);
    overflow[view.name] = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (dir) await page.screenshot({ path: join(dir, `${name}-${view.name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  return overflow;
}
