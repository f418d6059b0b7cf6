import { readFileSync } from 'node:fs';
import { overwriteGetLocale } from '#i18n/runtime';
import { type APIRequest, type APIRequestContext, test as base, expect, type Locator, type Page, type Request } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#db/seed/demo-accounts';
import { axeScan, isSerious, WCAG_AA_AND_BEST_PRACTICE } from './axe';
import { linkIn, waitForMail } from './mailbox';
import { type E2eSite, startE2eSite } from './site';

/**
 * Every journey fails on a console error or an uncaught exception in the page: a screen
 * that "works" while throwing is not working.
 */
/**
 * The server renders each page (SSR) and the browser hydrates it (the server-rendered markup is
 * inert until then).
 * Journeys act on the page the browser runs, so navigations wait for that.
 */
export async function clientTookOver(page: Page) {
  await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
}

/** The requests each page has in flight, for networkSettled (live streams don't count: they never end). */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page) {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/**
 * The page has had no request in flight for `quietMs`: what it asked for has arrived and been
 * drawn. Playwright's 'networkidle' means the same with 500 ms of quiet each time.
 */
export async function networkSettled(page: Page, quietMs = 100) {
  const pending = inFlight.get(page);
  // A page a journey opened itself isn't tracked from its start: Playwright's own wait then.
  if (!pending) return page.waitForLoadState('networkidle');
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (pending.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= quietMs;
      },
      { intervals: [25] },
    )
    .toBe(true);
}

/**
 * A journey's own API calls (page.request) are sent again once after ECONNRESET, as a browser
 * sends a request again when a kept-alive connection is closed under it: on a loaded machine
 * the client can send on a connection just as the server's 5-second keep-alive ends it.
 * Playwright retries only that error (`maxRetries`).
 */
function retryResetConnections(request: APIRequestContext) {
  for (const method of ['get', 'post', 'put', 'patch', 'delete', 'head', 'fetch'] as const) {
    const send = request[method].bind(request) as (target: unknown, options?: { maxRetries?: number }) => ReturnType<APIRequestContext['get']>;
    Object.assign(request, { [method]: (target: unknown, options?: { maxRetries?: number }) => send(target, { maxRetries: 1, ...options }) });
  }
}

export const test = base.extend<{ consoleErrors: string[] }, { site: E2eSite }>({
  // Each worker runs the journeys against a site of its own (e2e/site.ts).
  site: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const site = await startE2eSite(workerInfo.parallelIndex);
      process.env.E2E_MAIL_DIR = site.mailDir;
      process.env.E2E_SITE_URL = site.url;
      await use(site);
      await site.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ site }, use) => {
    await use(site.url);
  },
  page: async ({ page }, use) => {
    trackRequests(page);
    await page.addInitScript(recordToasts);
    retryResetConnections(page.request);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await clientTookOver(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await clientTookOver(page);
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // A refused sign-in is an expected 4xx; the browser logs failed requests as errors.
        // A page the browser had to render again (main.tsx warns) is a hydration that went wrong.
        if (message.type() === 'warning' && message.text().startsWith('Hydration mismatch')) errors.push(message.text());
        if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Every screen of the client without a parameter in its path, read from the generated route tree. */
export function clientScreens(): string[] {
  const tree = readFileSync(new URL('../src/client/routeTree.gen.ts', import.meta.url), 'utf8');
  return [...new Set([...tree.matchAll(/fullPath: '([^']+)'/g)].map((match) => match[1]!))].filter((path) => !path.includes('$'));
}

/** `items` dealt into `groups` groups (the first item to the first group, the second to the second...), none empty. */
export const groupsOf = <T,>(items: T[], groups: number): T[][] =>
  Array.from({ length: groups }, (_, group) => items.filter((_, index) => index % groups === group)).filter((group) => group.length > 0);

export { seriousAxeFindings, WCAG_AA } from './axe';

/** This worker's site, for request contexts a journey makes itself (they don't take the page's baseURL). */
export function siteUrl(): string {
  const url = process.env.E2E_SITE_URL;
  if (!url) throw new Error('E2E_SITE_URL is not set: the site fixture starts the site (e2e/fixtures.ts)');
  return url;
}

/**
 * Opens an admin panel tab by its label. A tab where work waits adds its count to its name
 * ("Pending Users (2 waiting)"), so the label matches with or without that.
 */
export async function openTab(page: Page, label: string | RegExp) {
  const name = typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(.+\\))?$`) : label;
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

/**
 * Keeps, in the page, the words of each toast as it comes into the toasts' region
 * (`window.__toastsShown`), for expectToast. Runs before the page's own scripts.
 */
function recordToasts() {
  const shown: string[] = [];
  (window as unknown as { __toastsShown: string[] }).__toastsShown = shown;
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) if (node instanceof HTMLLIElement && node.closest('[role="region"]')) shown.push(node.textContent ?? '');
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * A toast with this title and description came: on screen (radix also announces it in a hidden
 * status), or already gone after its 5 s. On two slow cores busy with four workers, the steps
 * between an action and this check once took longer than a toast stays; the page's record
 * (recordToasts) still has its words. Each call takes one toast off the record, so a second
 * call needs a second toast.
 */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByRole('region', { name: /^(Notifications|الإشعارات)$/ }).getByRole('listitem').filter({ hasText: title }).first();
  const takeFromRecord = () =>
    page.evaluate(
      ([title, description]) => {
        const shown = (window as unknown as { __toastsShown?: string[] }).__toastsShown ?? [];
        const index = shown.findIndex((words) => words.startsWith(title!) && (description === undefined || words.includes(description)));
        if (index >= 0) shown.splice(index, 1);
        return index >= 0;
      },
      [title, description] as const,
    );
  let recorded = false;
  await expect.poll(async () => (await toast.isVisible()) || (recorded = await takeFromRecord())).toBe(true);
  if (recorded && !(await toast.isVisible())) return;
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) await expect(toast.getByText(description, { exact: true })).toBeVisible();
  if (!recorded) await takeFromRecord();
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in with the demo accounts through the API (for journeys that aren't about signing in). */
export async function signInAs(page: Page, role: keyof typeof DEMO_ACCOUNTS) {
  const account = DEMO_ACCOUNTS[role];
  const response = await page.request.post('/api/login', { data: { email: account.email, password: account.password } });
  expect(response.ok()).toBe(true);
}

export { DEMO_ACCOUNTS };

/** Opens this page's site in Arabic from the next load on, as the language switch does (the `locale` cookie). */
export async function useArabic(page: Page) {
  await page.context().addCookies([{ name: 'locale', value: 'ar-EG', url: siteUrl() }]);
}

/** Nothing on the page is wider than the screen (a phone would scroll sideways). */
export async function expectFitsScreen(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect.soft(scrollWidth, `${where} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(innerWidth);
}

/** axe-core finds nothing serious or critical on the page as it is now; lesser findings are printed. */
export async function expectNoSeriousAxeFindings(page: Page, where: string) {
  await networkSettled(page);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  const results = await axeScan(page, { tags: WCAG_AA_AND_BEST_PRACTICE });
  const summary = results.violations.map((violation) => `${violation.impact} ${violation.id} (${violation.nodes.length}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
  if (summary.length) console.log(`axe ${where}:\n  ${summary.join('\n  ')}`);
  const blocking = results.violations.filter(isSerious);
  expect(blocking.map((violation) => `${violation.id}: ${violation.help}`), `serious or critical axe findings on ${where}`).toEqual([]);
}

export type Member = { firstName: string; lastName: string; email: string; password: string };

/**
 * A member of her own for each journey: these journeys change passwords, emails and delete
 * accounts, which the demo accounts other journeys use must keep. She applied through the API,
 * opened the confirmation link her application mail carries (unless `confirmEmail: false`), and
 * the demo admin approved her.
 */
export async function newMember(request: APIRequest, firstName: string, { confirmEmail = true } = {}): Promise<Member> {
  const member = { firstName, lastName: 'Karim', email: `${firstName.toLowerCase()}.${Date.now().toString(36)}@example.com`, password: 'Bloom2024x' };
  const baseURL = siteUrl();
  const visitor = await request.newContext({ baseURL });
  const applied = await visitor.post('/api/join-request', {
    data: { ...member, age: 16, interests: 'Drawing, football and films', bio: 'I moved here last year and love meeting new people.', acceptGuidelines: true },
  });
  expect(applied.status(), await applied.text()).toBeLessThan(300);
  if (confirmEmail) {
    const link = new URL(linkIn(await waitForMail(member.email, 'We received your application to Bloom Circle'), '/verify-email'));
    const confirmed = await visitor.post('/api/verify-email', { data: { token: link.searchParams.get('token') } });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
  }
  await visitor.dispose();
  const admin = await request.newContext({ baseURL });
  expect((await admin.post('/api/login', { data: DEMO_ACCOUNTS.admin })).ok()).toBe(true);
  const users = (await (await admin.get(`/api/admin/users?search=${encodeURIComponent(member.email)}`)).json()) as { id: number; email: string }[];
  const user = users.find((item) => item.email === member.email);
  expect(user, 'the applicant is listed').toBeTruthy();
  const approved = await admin.post('/trpc/admin.users.setApproval', { data: { userId: user!.id, isApproved: true } });
  expect(approved.ok(), await approved.text()).toBe(true);
  await admin.dispose();
  return member;
}

/**
 * A text as an Arabic page words it, read from the dictionaries (`messages.x`, `copy.x`), so a
 * journey checks what the server and screens say without restating the translation.
 */
export function inArabic<T>(read: () => T): T {
  overwriteGetLocale(() => 'ar-EG');
  try {
    return read();
  } finally {
    overwriteGetLocale(() => 'en');
  }
}

/** Where journeys save screenshots for a person to look at: only when E2E_SCREENSHOTS names a folder. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** Saves a screenshot as `<name>.png` in the E2E_SCREENSHOTS folder; does nothing without one. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: options.fullPage ?? false });
}

/**
 * The screen fits a phone's (390 px) and a laptop's (1280 px) width, and is saved at both for a
 * person to look at (the whole page, or just `part` of it) when E2E_SCREENSHOTS names a folder.
 */
export async function expectFitsPhoneAndLaptop(page: Page, name: string, part?: Locator) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFitsScreen(page, `${name} at ${width} px`);
    if (!SCREENSHOTS) continue;
    const path = `${SCREENSHOTS}/${name}-${width}.png`;
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * A forum post by the demo member that another member (Hana) reported as spam: work waiting
 * in the moderators' Reports tab.
 */
export async function reportedForumPost(request: APIRequest, title: string): Promise<{ id: number }> {
  const author = await request.newContext({ baseURL: siteUrl() });
  expect((await author.post('/api/login', { data: DEMO_ACCOUNTS.member })).ok()).toBe(true);
  const created = await author.post('/api/forum/posts', { data: { title, content: 'Followers for sale, message me for prices.', category: 'general' } });
  expect(created.ok(), await created.text()).toBe(true);
  const post = (await created.json()) as { id: number };
  const reporter = await request.newContext({ baseURL: siteUrl() });
  expect((await reporter.post('/api/login', { data: { email: 'hana@bloomcircle.example', password: 'BloomForum1' } })).ok()).toBe(true);
  expect((await reporter.post('/api/reports', { data: { targetType: 'forum_post', targetId: post.id, reason: 'spam' } })).ok()).toBe(true);
  await Promise.all([author.dispose(), reporter.dispose()]);
  return post;
}

/**
 * The demo admin, signed in on this page, gives a member a staff role in the Community Users
 * tab's Edit User dialog; `beforeSaving` runs with the role chosen, before Update.
 */
export async function giveRoleOnScreen(page: Page, member: Member, role: 'Moderator' | 'Admin', beforeSaving?: () => Promise<void>) {
  expect((await page.request.post('/api/admin/login', { data: { username: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).ok()).toBe(true);
  await page.goto('/admin?tab=users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(member.email);
  await page.getByRole('button', { name: `Edit ${member.firstName} ${member.lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: role }).click();
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveText(role);
  await beforeSaving?.();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'User Updated');
}
