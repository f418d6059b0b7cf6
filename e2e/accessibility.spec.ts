import { readFileSync } from 'node:fs';
import { DEMO_ACCOUNTS, expect, expectNoSeriousAxeFindings, test } from './fixtures';

/**
 * axe-core over every screen of the client (read from the generated route tree), as a
 * visitor and as a member, and the admin panel (every tab) and Home as an admin: elsewhere an
 * admin sees what a member sees, but for one entry in her account menu. Serious and critical
 * findings fail the run; the others are printed.
 */
const screens = [
  ...new Set(
    [...readFileSync(new URL('../src/client/routeTree.gen.ts', import.meta.url), 'utf8').matchAll(/fullPath: '([^']+)'/g)].map((match) => match[1]!),
  ),
].filter((path) => !path.includes('$'));

const scan = expectNoSeriousAxeFindings;

// Each scan only reads: the scans are spread over every worker.
test.describe.configure({ mode: 'parallel' });

for (const role of ['visitor', 'member', 'admin'] as const) {
  for (const path of screens) {
    if (path.startsWith('/admin/') && path !== '/admin/login' && role !== 'admin') continue;
    if (role === 'admin' && !path.startsWith('/admin/') && path !== '/') continue;
    test(`${path} has no serious accessibility findings (${role})`, async ({ page }) => {
      // The admin panel scans each of its tabs, a screen each.
      if (path === '/admin/' && role === 'admin') test.setTimeout(180_000);
      if (role !== 'visitor') {
        const login = await page.request.post('/api/login', { data: DEMO_ACCOUNTS[role] });
        expect(login.ok()).toBe(true);
      }
      await page.goto(path);
      await scan(page, `${path} as ${role}`);
      // Tabbed screens (the admin panel): every tab is its own screen.
      const tabs = await page.getByRole('tab').all();
      for (const [index, tab] of tabs.entries()) {
        if (index === 0) continue;
        await tab.click();
        await scan(page, `${path} tab ${(await tab.textContent())?.trim()} as ${role}`);
      }
    });
  }
}
