import { readFileSync } from 'node:fs';
import { tabsFor } from '../src/client/routes/admin/-components/tab-keys';
import { MODERATION_PERMISSIONS, STAFF_PERMISSIONS } from '../src/shared/roles';
import { DEMO_ACCOUNTS, expect, expectNoSeriousAxeFindings, test } from './fixtures';

/**
 * axe-core over every screen of the client (read from the generated route tree), as a
 * visitor and as a member, and the admin panel (every tab, each a test of its own, spread over
 * the workers, and the one tab only moderators have) and Home as an admin: elsewhere an admin sees what a member sees, but for one
 * entry in her account menu. Serious and critical findings fail the run; the others are printed.
 */
const screens = [
  ...new Set(
    [...readFileSync(new URL('../src/client/routeTree.gen.ts', import.meta.url), 'utf8').matchAll(/fullPath: '([^']+)'/g)].map((match) => match[1]!),
  ),
].filter((path) => !path.includes('$'));

// The admin panel's tabs are addresses of their own (/admin/?tab=events). A moderator's tabs
// are the admin's but one: Members, which an admin reads in full as Community Users.
const tabPaths = (tabs: string[]) => tabs.map((tab) => `/admin/?tab=${tab}`);
const adminTabs = tabsFor(STAFF_PERMISSIONS);
const pathsOf = {
  visitor: screens,
  member: screens,
  admin: ['/', ...tabPaths(adminTabs)],
  moderator: tabPaths(tabsFor(MODERATION_PERMISSIONS).filter((tab) => !adminTabs.includes(tab))),
};

const scan = expectNoSeriousAxeFindings;

// Each scan only reads: the scans are spread over every worker.
test.describe.configure({ mode: 'parallel' });

for (const role of ['visitor', 'member', 'admin', 'moderator'] as const) {
  for (const path of pathsOf[role]) {
    if (path.startsWith('/admin/') && path !== '/admin/login' && (role === 'visitor' || role === 'member')) continue;
    test(`${path} has no serious accessibility findings (${role})`, async ({ page }) => {
      if (role !== 'visitor') {
        const login = await page.request.post('/api/login', { data: DEMO_ACCOUNTS[role] });
        expect(login.ok()).toBe(true);
      }
      await page.goto(path);
      if (path.startsWith('/admin/?tab=')) await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await scan(page, `${path} as ${role}`);
    });
  }
}
