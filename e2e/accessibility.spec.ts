import { tabsFor } from '../src/client/routes/admin/-components/tab-keys';
import { MODERATION_PERMISSIONS, STAFF_PERMISSIONS } from '../src/shared/roles';
import { clientScreens, DEMO_ACCOUNTS, expect, expectNoSeriousAxeFindings, groupsOf, test } from './fixtures';

/**
 * axe-core over every screen of the client (read from the generated route tree), as a
 * visitor and as a member, and the admin panel (every tab, and the one only moderators have)
 * and Home as an admin: elsewhere an admin sees what a member sees, but for one
 * entry in her account menu. Serious and critical findings fail the run; the others are printed.
 */
const screens = clientScreens();

// The admin panel's tabs, in three groups, each a test of its own so the groups spread over
// the workers; a group opens its first tab by address (/admin/?tab=events) and clicks through
// the rest. A moderator's tabs are the admin's but one: Members, which an admin reads in full
// as Community Users.
const adminTabs = tabsFor(STAFF_PERMISSIONS);
// A signed-in member who opens sign-in or sign-up is sent Home, which her own scan of '/' covers.
const sendsMembersHome = new Set(['/login', '/signup']);
// The admin panel's screens other than its sign-in are scanned as staff only.
const isStaffScreen = (path: string) => path.startsWith('/admin/') && path !== '/admin/login';
// The other screens are opened by address, one after another in one browser tab, in four groups
// per role that spread over the workers. One tab for a group: each screen is still a full load
// (the server's HTML, then hydration), and the browser starts a tab and fetches the site's
// scripts once a group instead of once a screen: a fresh tab's first load cost about 1 s of CPU,
// a load in a tab that has the scripts 0.3 s, and a scan about half a second.
const SCREEN_GROUPS = 4;
const pathsOf = {
  visitor: groupsOf(screens.filter((path) => !isStaffScreen(path)), SCREEN_GROUPS),
  member: groupsOf(screens.filter((path) => !isStaffScreen(path) && !sendsMembersHome.has(path)), SCREEN_GROUPS),
  admin: [['/'], ...groupsOf(adminTabs, 3).map((tabs) => tabs.map((tab) => `/admin/?tab=${tab}`))],
  moderator: [tabsFor(MODERATION_PERMISSIONS).filter((tab) => !adminTabs.includes(tab)).map((tab) => `/admin/?tab=${tab}`)],
};

const scan = expectNoSeriousAxeFindings;

// Each scan only reads: the scans are spread over every worker.
test.describe.configure({ mode: 'parallel' });

for (const role of ['visitor', 'member', 'admin', 'moderator'] as const) {
  for (const paths of pathsOf[role]) {
    test(`${paths.join(', ')} ha${paths.length > 1 ? 've' : 's'} no serious accessibility findings (${role})`, async ({ page }) => {
      test.setTimeout(120_000);
      if (role !== 'visitor') {
        const login = await page.request.post('/api/login', { data: DEMO_ACCOUNTS[role] });
        expect(login.ok()).toBe(true);
      }
      for (const [index, path] of paths.entries()) {
        const tab = new URL(path, 'http://site').searchParams.get('tab');
        // The admin panel's tabs after the first are clicked, as she would; every other screen is opened by address.
        if (index > 0 && tab) await page.locator(`[role="tab"][data-tab="${tab}"]`).click();
        else await page.goto(path);
        if (tab) await expect(page.locator(`[role="tab"][data-tab="${tab}"]`)).toHaveAttribute('aria-selected', 'true');
        await scan(page, `${path} as ${role}`);
      }
    });
  }
}
