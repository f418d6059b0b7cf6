/**
 * Takes screenshots of pages at phone and desktop width, for looking at what users see.
 * Usage: npx tsx scripts/screenshots.ts <baseUrl> <outDir> <path> [path...]
 * Paths may be prefixed with "member:" or "admin:" to sign in with the demo accounts first.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#db/seed/demo-accounts';

const [baseUrl = 'http://127.0.0.1:3000', outDir = '.tmp/screenshots', ...paths] = process.argv.slice(2);
const WIDTHS = { phone: 390, desktop: 1280 } as const;

async function signIn(page: Page, role: 'member' | 'admin') {
  const account = DEMO_ACCOUNTS[role];
  const response = await page.request.post(`${baseUrl}/api/login`, { data: { email: account.email, password: account.password } });
  if (!response.ok()) throw new Error(`sign-in failed: ${await response.text()}`);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const browser: Browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  for (const entry of paths) {
    const [role, path] = entry.includes(':') ? (entry.split(':') as ['member' | 'admin', string]) : [null, entry];
    for (const [name, width] of Object.entries(WIDTHS)) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      page.on('console', (message) => message.type() === 'error' && console.log(`[console] ${path}: ${message.text()}`));
      if (role) await signIn(page, role);
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const file = `${outDir}/${(role ? `${role}-` : '') + (path.replace(/[^a-z0-9]+/gi, '_') || 'root')}-${name}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await context.close();
    }
  }
  await browser.close();
}

await main();
