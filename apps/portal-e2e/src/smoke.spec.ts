import { test, expect } from '@playwright/test';

test('the login page is served and the api answers through the same origin', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: /sign in|log in|login/i })).toBeVisible();

  const res = await request.get('/sanctum/csrf-cookie');
  expect(res.status()).toBe(204);
  expect(res.headers()['set-cookie']).toMatch(/XSRF-TOKEN=/);
});
