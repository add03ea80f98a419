import { test, expect } from '@playwright/test';

/**
 * Issue 18: /forms, /tables, /ui and /responsive are the living gallery of shared/ui. Each
 * page, light and dark, wide and narrow: it shows its components, nothing runs off the
 * side at 360 px, and a full-page screenshot is kept with the test's results.
 */
const PAGES = [
  { path: '/forms', shows: 'A form (react-hook-form, server errors under their fields, SubmitButton)' },
  { path: '/tables', shows: 'With data (client-side paging)' },
  { path: '/ui', shows: 'Statistics' },
  { path: '/responsive', shows: 'Responsive' },
];

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1280, 360]) {
    test(`gallery pages, ${colorScheme}, ${width} px`, async ({ page }, info) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      for (const { path, shows } of PAGES) {
        await page.goto(path);
        await expect(page.getByText(shows, { exact: true }).first(), path).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Gallery' }).getByRole('link', { name: /./ })).toHaveCount(4);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} runs ${overflow}px off the side`).toBeLessThanOrEqual(0);
        await info.attach(`${path.slice(1)}-${colorScheme}-${width}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
      }
    });
  }
}

test('the gallery dialogs are keyboard-complete: Escape closes and focus returns to the button', async ({ page }) => {
  await page.goto('/ui');
  const open = page.getByRole('button', { name: 'Delete something' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete this record?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
});
