import { test, expect } from '@playwright/test';

test('the borrower app is served and the api answers through the same origin', async ({ page, request }) => {
  const res = await request.get('/sanctum/csrf-cookie');
  expect(res.status()).toBe(204);
  await page.goto('/apply');
  await expect(page.locator('#root')).not.toBeEmpty();
});
