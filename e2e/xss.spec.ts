import type { APIRequestContext, APIRequest, Page } from '@playwright/test';
import { BLOG_CATEGORIES, DIRECTORY_CATEGORIES, FORUM_CATEGORIES, PLACE_CATEGORIES, PODCAST_CATEGORIES } from '#shared/categories';
import { clientScreens, DEMO_ACCOUNTS, expect, groupsOf, networkSettled, test } from './fixtures';

/**
 * Stored XSS: hostile text saved through the real APIs in every field that is shown again
 * (names, bios, comments, posts, blog markdown, podcast embed, listing, event and place
 * fields), then every screen that shows them is opened in the browser. No script may run
 * and no element may be injected.
 */
const MARK = 'xss-probe';
// Under 100 characters, the shortest limit of a shown field (names). `__xss=1` sets window.__xss.
const payload = (field: string) => `${MARK} ${field.slice(0, 8)}<img src=x onerror=__xss=1><script>__xss=1</script>"><svg onload=__xss=1>`;
const markdownPayload = [
  `# ${MARK} heading <img src=x onerror=window.__xss=1>`,
  '',
  `[${MARK} link](javascript:window.__xss=1) and [data](data:text/html,<script>window.__xss=1</script>)`,
  '',
  '<script>window.__xss=1</script>',
  '',
  '"><svg onload=window.__xss=1> <iframe src="javascript:window.__xss=1"></iframe>',
  '',
  '![img](x" onerror="window.__xss=1)',
].join('\n');

const stamp = Date.now().toString(36);
const applicant = { email: `xss-${stamp}@example.com`, password: 'Bloom2024x' };

async function api(request: APIRequest, baseURL: string, credentials?: { email: string; password: string }): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  if (credentials) {
    const login = await context.post('/api/login', { data: credentials });
    expect(login.ok(), `sign-in of ${credentials.email}: ${login.status()}`).toBe(true);
  }
  return context;
}

async function send(context: APIRequestContext, method: 'post' | 'patch', url: string, data: unknown) {
  const response = await context[method](url, { data });
  expect(response.status(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBeLessThan(300);
  return response.json().catch(() => null) as Promise<Record<string, unknown> | null>;
}

/** The first object anywhere in a JSON answer that matches. */
function find(value: unknown, match: (item: Record<string, unknown>) => boolean): Record<string, unknown> | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = find(item, match);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    const item = value as Record<string, unknown>;
    if (match(item)) return item;
    for (const child of Object.values(item)) {
      const found = find(child, match);
      if (found) return found;
    }
  }
  return undefined;
}

const hasId = (item: Record<string, unknown> | null | undefined) => Number(find(item, (x) => typeof x.id === 'number')?.id);

test.beforeAll(async ({ playwright, site }) => {
  const baseURL = site.url;
  const admin = await api(playwright.request, baseURL, DEMO_ACCOUNTS.admin);
  const visitor = await api(playwright.request, baseURL);

  // An applicant whose every profile field is hostile, approved by an admin.
  await send(visitor, 'post', '/api/join-request', {
    ...applicant,
    firstName: payload('first'),
    lastName: payload('last'),
    age: 18,
    interests: payload('interests'),
    bio: payload('bio'),
    acceptGuidelines: true,
  });
  const users = await (await admin.get(`/api/admin/users?search=${encodeURIComponent(applicant.email)}`)).json();
  const user = find(users, (item) => item.email === applicant.email);
  expect(user, 'the applicant is listed for admins').toBeTruthy();
  await send(admin, 'post', '/trpc/admin.users.setApproval', { userId: user!.id, isApproved: true });

  // Content in every text field, created by an admin.
  let podcast = await admin.post('/api/podcasts', {
    data: {
      title: payload('podcast title'),
      description: payload('podcast description'),
      category: PODCAST_CATEGORIES[0],
      iframe: '<iframe src="https://www.youtube.com/embed/xss" onload="window.__xss=1" srcdoc="<script>parent.__xss=1</script>"></iframe>',
    },
  });
  if (!podcast.ok()) {
    // The embed with extra attributes may be refused outright; the text fields must still be stored.
    podcast = await admin.post('/api/podcasts', {
      data: { title: payload('podcast title'), description: payload('podcast description'), category: PODCAST_CATEGORIES[0], iframe: '<iframe src="https://www.youtube.com/embed/xss"></iframe>' },
    });
  }
  expect(podcast.ok(), await podcast.text()).toBe(true);
  const podcastId = hasId(await podcast.json());
  await send(admin, 'post', '/api/directory', {
    name: payload('listing name'),
    description: payload('listing description'),
    category: DIRECTORY_CATEGORIES[0],
    address: payload('address'),
    phone: '555 0100',
    email: 'listing@example.com',
    website: 'https://example.com/?q="><script>window.__xss=1</script>',
  });
  await send(admin, 'post', '/api/events', {
    title: payload('event title'),
    description: payload('event description'),
    location: payload('location'),
    dateTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    price: '<b>5</b>',
    tags: [payload('tag').slice(0, 40)],
  });
  const blog = await send(admin, 'post', '/api/blogs', {
    title: payload('blog title'),
    content: markdownPayload,
    excerpt: payload('excerpt'),
    category: BLOG_CATEGORIES[0],
    authorName: payload('author'),
    tags: [payload('tag').slice(0, 40)],
    isPublished: true,
  });
  const blogId = hasId(blog);

  // A member with hostile names posts and comments everywhere.
  const member = await api(playwright.request, baseURL, applicant);
  const post = await send(member, 'post', '/api/forum/posts', { title: payload('post title'), content: payload('post content'), category: FORUM_CATEGORIES[0] });
  const postId = hasId(post);
  for (const url of [`/api/podcasts/${podcastId}/comments`, `/api/blogs/${blogId}/comments`, `/api/forum/posts/${postId}/comments`]) {
    await send(member, 'post', url, { content: payload('comment') });
  }
  await send(member, 'post', '/api/places/suggestions', { name: payload('place'), description: payload('place description'), category: PLACE_CATEGORIES[0], address: payload('place address') });
  const suggestions = await (await admin.get('/api/admin/places/suggestions')).json();
  const suggestion = find(suggestions, (item) => typeof item.name === 'string' && item.name.startsWith(MARK));
  if (suggestion) await send(admin, 'post', `/api/admin/places/suggestions/${suggestion.id}/approve`, {});

  for (const context of [admin, visitor, member]) await context.dispose();
});

/** What a stored payload would inject if it became markup. */
const INJECTED = 'img[src="x"], svg[onload], [onerror], [onload], iframe[srcdoc], a[href^="javascript:" i], a[href^="data:" i]';
/**
 * Scripts that are data, never run: the page's JSON data blocks (the session and the answers the
 * server rendered the page from) and its JSON-LD. Hostile titles may sit in them as text.
 */
const DATA_SCRIPTS = 'script[type="application/json"], script[type="application/ld+json"]';
/** The page's JSON data blocks: the session and the answers the server rendered the page from. */
const DATA_BLOCK_IDS = ['session-data', 'query-data'];

/** The HTML the server sent (the server-rendered screen, before any script ran) injects nothing. */
async function assertServerRenderedHtmlClean(page: Page, path: string, where: string) {
  const html = await (await page.request.get(path)).text();
  const found = await page.evaluate(
    ({ html, injected, dataScripts }) => {
      const rendered = new DOMParser().parseFromString(html, 'text/html');
      return {
        hasContent: (rendered.getElementById('root')?.childElementCount ?? 0) > 0,
        injected: [...rendered.querySelectorAll(injected)].map((element) => element.outerHTML.slice(0, 120)),
        scripts: [...rendered.querySelectorAll('script')].filter((script) => !script.matches(dataScripts) && script.textContent?.includes('__xss')).length,
      };
    },
    { html, injected: INJECTED, dataScripts: DATA_SCRIPTS },
  );
  expect(found.injected, `${where}: injected elements in the server-rendered HTML`).toEqual([]);
  expect(found.scripts, `${where}: injected script elements in the server-rendered HTML`).toBe(0);
  return found.hasContent;
}

async function assertNothingRan(page: Page, where: string) {
  await networkSettled(page);
  const found = await page.evaluate(({ injected, dataScripts }) => ({
    flag: (window as unknown as { __xss?: unknown }).__xss,
    injected: [...document.querySelectorAll(injected)].map((element) => element.outerHTML.slice(0, 120)),
    // The data blocks and the JSON-LD hold hostile names and titles as JSON: data, never run.
    scripts: [...document.querySelectorAll('script')].filter((script) => !script.matches(dataScripts) && script.textContent?.includes('__xss')).length,
    dataBlocks: [...document.querySelectorAll('script[type="application/json"]')].map((block) => block.id),
  }), { injected: INJECTED, dataScripts: DATA_SCRIPTS });
  expect(found.flag, `${where}: an injected script ran`).toBeUndefined();
  expect(found.injected, `${where}: injected elements`).toEqual([]);
  expect(found.scripts, `${where}: injected script elements`).toBe(0);
  expect(found.dataBlocks.filter((id) => !DATA_BLOCK_IDS.includes(id)), `${where}: unknown data blocks`).toEqual([]);
  expect(new Set(found.dataBlocks).size, `${where}: each data block once`).toBe(found.dataBlocks.length);
}

/** Opens whatever a screen offers to open (details, comments, tabs) and checks again. */
async function openEverything(page: Page, where: string) {
  for (const name of [/comments?/i, /read more/i, /view/i]) {
    const buttons = page.getByRole('button', { name });
    const total = Math.min(await buttons.count(), 4);
    for (let index = 0; index < total; index++) {
      const button = buttons.nth(index);
      if (!(await button.isVisible())) continue;
      await button.click({ timeout: 3000 }).catch(() => {});
      await assertNothingRan(page, `${where} after opening ${name}`);
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Public screens that list what beforeAll stored (a podcast, an article, an event, a listing):
 * each shows the hostile text as text to every role, so the walk checked rendered payloads, not
 * empty pages.
 */
const SHOWS_PAYLOADS = new Set(['/podcasts', '/blog', '/events', '/directory']);

// The screens of each role's walk, in groups that spread over the workers (a walk of every screen
// in one test ran for 30-50 s at the end of the run, with a core idle). The admin panel, every tab
// opened, is a group of its own.
const nonStaffScreens = clientScreens().filter((path) => !path.startsWith('/admin/'));
const walks = {
  visitor: groupsOf(nonStaffScreens, 3),
  member: groupsOf(nonStaffScreens, 3),
  admin: [clientScreens().filter((path) => path.startsWith('/admin/')), ...groupsOf(nonStaffScreens, 2)],
};

// The walks only read what beforeAll stored: each may run on its own worker (and site, where
// beforeAll stores the payloads again).
test.describe.configure({ mode: 'parallel' });

for (const role of ['visitor', 'member', 'admin'] as const) {
  for (const paths of walks[role]) {
    test(`no stored script runs on ${paths.join(', ')} (${role})`, async ({ page }) => {
      test.setTimeout(120_000);
      if (role !== 'visitor') {
        const login = await page.request.post('/api/login', { data: role === 'admin' ? DEMO_ACCOUNTS.admin : applicant });
        expect(login.ok()).toBe(true);
      }
      let rendered = 0;
      for (const path of paths) {
        if (await assertServerRenderedHtmlClean(page, path, `${role} ${path}`)) rendered++;
        await page.goto(path);
        await assertNothingRan(page, `${role} ${path}`);
        if (SHOWS_PAYLOADS.has(path)) expect(await page.locator('body').innerText(), `${role} ${path} shows the stored payloads as text`).toContain(MARK);
        await openEverything(page, `${role} ${path}`);
        for (const tab of await page.getByRole('tab').all()) {
          await tab.click({ timeout: 3000 }).catch(() => {});
          await assertNothingRan(page, `${role} ${path} tab`);
          await openEverything(page, `${role} ${path} tab`);
        }
      }
      // The server rendered the screens: its HTML was checked, not empty pages.
      expect(rendered, 'screens the server rendered').toBeGreaterThanOrEqual(1);
    });
  }
}
