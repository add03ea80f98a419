#!/usr/bin/env node
// Checks the production serving in Debian's Chromium: the built apps, served by the api
// alone, run under its Content-Security-Policy with no violation on the sign-in page, the
// dashboard (charts), the application form and the contract page, and the caching
// headers are right. Screenshots go to tmp/served/ (look at them).
//   npm run build && ALLOW_EMBEDDED_DB=1 SEED=demo npm run serve   # then, in another shell:
//   BASE_URL=http://127.0.0.1:3000 node tools/serve/check-served.mjs
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const out = join(root, 'tmp/served');
mkdirSync(out, { recursive: true });

const problems = [];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function session(name, { width = 1280, dark = false } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: dark ? 'dark' : 'light' });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) problems.push(`${name}: console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load: CSP ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  return { context, page };
}

async function shot(page, file) {
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(out, file), fullPage: false });
}

for (const { width, dark } of [{ width: 1280, dark: false }, { width: 360, dark: true }]) {
  const tag = `${width}${dark ? '-dark' : ''}`;
  const { context, page } = await session(`staff ${tag}`, { width, dark });
  const login = await page.goto(`${base}/login`);
  if (!login) throw new Error('no answer for /login');
  if (login.headers()['cache-control'] !== 'no-store') problems.push(`/login cache-control ${login.headers()['cache-control']}`);
  if (!login.headers()['content-security-policy']) problems.push('/login has no CSP');
  await page.getByLabel('E-mail or staff number').fill('admin@demo.zm');
  await page.getByLabel('Password').fill('Demo#2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: /Applications per month/ }).waitFor();
  await page.waitForTimeout(1500);
  await shot(page, `dashboard-${tag}.png`);
  // A signed-in user who opens /login goes on to the dashboard.
  await page.goto(`${base}/login`);
  await page.waitForURL('**/dashboard');
  await page.goto(`${base}/error`);
  await page.getByTestId('error-reference').waitFor();
  await shot(page, `error-${tag}.png`);
  await page.goto(`${base}/no-such-page`);
  await page.getByRole('link', { name: 'Go back home' }).click();
  await page.waitForURL('**/dashboard');
  // The session ends on the server: the next call answers 401 and the login page says so.
  console.log(`${tag}: signed in, /login, /error, not-found checked`);
  await context.clearCookies();
  await page.goto(`${base}/loans/applications/requests`);
  try {
    await page.getByText('Your session has ended. Please sign in again.').waitFor({ timeout: 15000 });
  } catch {
    await shot(page, `session-ended-FAILED-${tag}.png`);
    problems.push(`${tag}: no session-ended toast on ${page.url()}`);
  }
  await shot(page, `session-ended-${tag}.png`);
  await context.close();
}

{
  const { context, page } = await session('borrower');
  const res = await page.goto(`${base}/apply`);
  if (!res) throw new Error('no answer for /apply');
  const html = await res.text();
  if (!/assets\//.test(html)) problems.push('/apply did not return an app page');
  await page.waitForLoadState('networkidle');
  await shot(page, 'apply.png');
  await page.goto(`${base}/loan-offer-letter/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
  await page.waitForLoadState('networkidle');
  await shot(page, 'contract.png');
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
  if (asset) {
    const a = await page.request.get(`${base}${asset}`, { headers: { 'accept-encoding': 'br' } });
    if (a.headers()['cache-control'] !== 'public, max-age=31536000, immutable') problems.push(`${asset} cache-control ${a.headers()['cache-control']}`);
    if (a.headers()['content-encoding'] !== 'br') problems.push(`${asset} not sent as br`);
  }
  await context.close();
}

await browser.close();
if (problems.length) {
  console.error(`FAILED:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`OK: no CSP violation; caching headers right; screenshots in ${out}`);
