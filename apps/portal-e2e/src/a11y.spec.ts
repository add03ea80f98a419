import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { SCREEN_CATALOG } from '@loan/shared-screens';

/**
 * Issue 18: axe-core finds no serious or critical violation (WCAG 2 A/AA rules) on any
 * public page or ready screen of the registry, in light and in dark mode. Issue 33: axe's
 * best-practice rules run too (landmarks: one <main>, content inside landmarks, headings in
 * order). For now their serious and critical findings fail, like the WCAG rules'; counting their
 * moderate ones too waits for a run of this suite that shows none (the shell's <main> landed
 * untried in the browser).
 */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BEST_PRACTICE = 'best-practice';
const PUBLIC = ['/login', '/forgot-password', '/password-reset?token=x&email=a%40b.zm', '/error', '/forms', '/tables', '/ui', '/responsive', '/no-such-page', '/apply', '/loan-offer-letter/nope'];
const concrete = (path: string) => path.replace(/:[a-z]+/g, '1');
const SCREENS = SCREEN_CATALOG.filter((s) => s.status === 'ready').map((s) => concrete(s.path));

async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  // The page's heading shown, skeletons and spinners gone (a screen's data has arrived).
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [role="status"]:has-text("Loading")')).toHaveCount(0, { timeout: 5_000 }).catch(() => undefined);
  // Toasts come and go; their colours are checked by the gallery, not at a random moment here.
  const result = await new AxeBuilder({ page }).withTags([...WCAG, BEST_PRACTICE]).exclude('.notistack-SnackbarContainer').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violations (WCAG and best-practice rules) on every page and ready screen (${colorScheme})`, async ({ page }) => {
    // A busy CI machine needs up to ~10 s a page (axe's analysis is most of it).
    test.setTimeout((PUBLIC.length + SCREENS.length) * 15_000 + 30_000);
    await page.emulateMedia({ colorScheme });
    const found: string[] = [];
    for (const path of PUBLIC) found.push(...(await violations(page, path)));

    await page.goto('/login');
    await page.getByLabel('E-mail or staff number').fill('admin@demo.zm');
    await page.getByLabel('Password', { exact: true }).fill('Demo#2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
    for (const path of SCREENS) found.push(...(await violations(page, path)));

    expect(found, found.join('\n')).toEqual([]);
  });
}
