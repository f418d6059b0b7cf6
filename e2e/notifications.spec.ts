import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectFitsScreen, expectNoSeriousAxeFindings, expectToast, signInAs, siteUrl, test, useArabic } from './fixtures';
import { commentHref } from '#shared/links';
import { mailsTo, waitForMail } from './mailbox';

/**
 * The bell: what other members do reaches her bell while her page stays open (Server-Sent
 * Events), each notification leads to its place, and her Notification Settings decide what
 * reaches the bell and her mail. Amira (the demo member) is told; Rasha (the moderator) and the
 * admin act through the API.
 */

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** A signed-in API client of a demo account. */
async function apiAs(playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } }, role: keyof typeof DEMO_ACCOUNTS) {
  const context = await playwright.request.newContext({ baseURL: siteUrl() });
  expect((await context.post('/api/login', { data: DEMO_ACCOUNTS[role] })).ok()).toBe(true);
  return context;
}

async function created(response: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>): Promise<number> {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

const forumPost = (api: APIRequestContext, title: string) => created(api.post('/api/forum/posts', { data: { title, content: 'What do you all think? Tell me everything.', category: 'general' } }));
const forumComment = (api: APIRequestContext, postId: number, content: string, parentId?: number) =>
  created(api.post(`/api/forum/posts/${postId}/comments`, { data: { content, ...(parentId ? { parentId } : {}) } }));

/** The bell's unread count as its name says it: "Notifications, 3 unread", or "Notifications" for none. */
async function bellCount(page: Page): Promise<number> {
  const name = (await page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ }).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(name)?.[1] ?? 0);
}

/** Opens her page with the bell, and waits until its live stream is open (the server sends the count on it from then on). */
async function openWithBell(page: Page, path: string) {
  const streaming = page.waitForResponse((response) => response.url().endsWith('/api/notifications/stream'));
  await page.goto(path);
  expect((await streaming).status()).toBe(200);
  return bellCount(page);
}

/** A notification's words as read aloud, without the marks that keep names and titles in their own direction. */
const wordsOf = async (item: Locator) => ((await item.textContent()) ?? '').replace(/[\u2068\u2069]/g, '');

const bellButton = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
const bellPanel = (page: Page, name = 'Notifications') => page.getByRole('dialog', { name });

/** The bell's code arrives after the page's: a press before it has taken over the button is lost, so press again. */
async function openBell(page: Page, { button = bellButton(page), name = 'Notifications' } = {}) {
  await expect(async () => {
    await button.click();
    await expect(bellPanel(page, name)).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return bellPanel(page, name);
}

async function newEvent(admin: APIRequestContext, title: string) {
  const form = { title, description: 'An afternoon of drawing together.', location: 'The community room', dateTime: new Date(Date.now() + 12 * 86_400_000).toISOString(), maxAttendees: 20 };
  const id = await created(admin.post('/api/events', { data: form }));
  return { id, form };
}

test('a reply and a mention reach her bell while her page stays open; opening one reads it and leads to its thread, and Mark all as read reads the rest', async ({ page, playwright }) => {
  await page.setViewportSize(WIDE);
  await signInAs(page, 'member');
  const rasha = await apiAs(playwright, 'moderator');
  const stamp = Date.now();
  // Amira's own post, and Rasha's, where Amira took part (so Rasha may mention her there).
  const hers = await forumPost(page.request, `Sketchbooks or tablets? ${stamp}`);
  const theirs = await forumPost(rasha, `Our drawing club ${stamp}`);
  await forumComment(page.request, theirs, 'Count me in!');

  // Amira is the demo member of many journeys, which share a worker's site: one of them once
  // left her a notification that reached her bell in the middle of this one. So the counts grow
  // by at least what Rasha does, and Rasha's two notifications are found by their words.
  const before = await openWithBell(page, '/community/blog');
  await forumComment(rasha, hers, 'Sketchbooks: nothing beats paper.');
  await expect.poll(() => bellCount(page)).toBeGreaterThanOrEqual(before + 1);
  const mentionId = await forumComment(rasha, theirs, '@Amira S. we meet on Thursday, bring pencils.');
  await expect.poll(() => bellCount(page)).toBeGreaterThanOrEqual(before + 2);
  // Said aloud, politely, as the count grew.
  await expect(async () => {
    const unread = await bellCount(page);
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: `Notifications, ${unread} unread` })).toBeAttached({ timeout: 1_000 });
  }).toPass();

  // The list: newest first, both unread, each a link to its place.
  const panel = await openBell(page);
  const items = panel.getByRole('list', { name: 'Notifications' }).getByRole('link');
  const mentioned = `Unread: Rasha D. mentioned you in “Our drawing club ${stamp}”Just now`;
  const replied = `Unread: Rasha D. replied in “Sketchbooks or tablets? ${stamp}”Just now`;
  const listedWords = async () => Promise.all((await items.all()).map(wordsOf));
  await expect.poll(async () => (await listedWords()).filter((words) => words === mentioned || words === replied)).toEqual([mentioned, replied]);
  const { items: listed } = (await (await page.request.get('/api/notifications')).json()) as { items: { kind: string; href: string; target: { id: number } }[] };
  const mention = listed.find((item) => item.kind === 'mention' && item.target.id === theirs)!;
  const mentionItem = items.nth((await listedWords()).indexOf(mentioned));
  await expect(mentionItem).toHaveAttribute('href', mention.href);
  await shot(page, 'bell-open-en-1280');

  // Opening the mention reads it and goes to the comment itself (the forum names the post, the
  // anchor the comment): the post's comments open and the comment comes into view, with the
  // keyboard on it; the bell closes.
  expect(mention.href).toBe(commentHref('forum', theirs, mentionId));
  const unreadBeforeOpening = await bellCount(page);
  await mentionItem.click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}${url.hash}` === mention.href);
  await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name: `Our drawing club ${stamp}` }) })).toBeVisible();
  await expect.poll(() => bellCount(page)).toBe(unreadBeforeOpening - 1);
  const linked = page.locator(`#comment-${mentionId}`);
  await expect(linked).toBeFocused();
  await expect(linked).toBeInViewport();
  await expect(linked).toContainText('we meet on Thursday');

  // Mark all as read: the count goes, and nothing in the list is unread.
  await openBell(page);
  await expect(items.first()).toBeVisible();
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bellButton(page)).toHaveAccessibleName('Notifications');
  await expect(panel.getByText('Unread:')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bellButton(page)).toBeFocused();
  await rasha.dispose();
});

test('an event\'s new time reaches an attendee\'s bell live and her mail', async ({ page, playwright }) => {
  await page.setViewportSize(WIDE);
  await signInAs(page, 'member');
  const admin = await apiAs(playwright, 'admin');
  const title = `Drawing afternoon ${Date.now()}`;
  const event = await newEvent(admin, title);
  expect((await page.request.post(`/api/events/${event.id}/rsvp`)).ok()).toBe(true);

  const before = await openWithBell(page, '/events');
  const later = new Date(Date.parse(event.form.dateTime) + 2 * 3_600_000).toISOString();
  const moved = await admin.patch(`/api/events/${event.id}`, { data: { ...event.form, dateTime: later } });
  expect(moved.status(), await moved.text()).toBe(200);
  await expect.poll(() => bellCount(page)).toBe(before + 1);
  const first = (await openBell(page)).getByRole('link').first();
  await expect.poll(() => wordsOf(first)).toBe(`Unread: The time of “${title}” changedJust now`);
  await expect(first).toHaveAttribute('href', `/events?event=${event.id}`);

  // Event changes are mailed at once unless she chose otherwise.
  const mail = await waitForMail(DEMO_ACCOUNTS.member.email, `The time of “${title}” changed`);
  expect(mail.text).toContain(`/events?event=${event.id}`);
  await admin.dispose();
});

test('her Notification Settings turn a kind\'s mail off (another kind still mails) and a kind off on the site (no bell item)', async ({ page, playwright }) => {
  await page.setViewportSize(WIDE);
  await signInAs(page, 'member');
  const [admin, rasha] = [await apiAs(playwright, 'admin'), await apiAs(playwright, 'moderator')];
  const stamp = Date.now();
  try {
    // From the user menu to the settings screen.
    await page.goto('/');
    // The account menu's code arrives after the page's: a press before it has taken over the button is lost, so press again.
    const entry = page.getByRole('menuitem', { name: 'Notification Settings' });
    await expect(async () => {
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await expect(entry).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await entry.click();
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notification Settings' })).toBeVisible();
    // A member is offered her kinds, not the staff's.
    await expect(page.getByRole('group', { name: 'New reports' })).toHaveCount(0);
    const kind = (name: string) => page.getByRole('group', { name, exact: true });
    await expect(kind('Event changes').getByLabel('By mail')).toHaveValue('instant');
    await kind('Event changes').getByLabel('By mail').selectOption({ label: 'Off' });
    await kind('Replies').getByLabel('By mail').selectOption({ label: 'Right away' });
    await kind('Mentions').getByRole('switch', { name: 'On the site' }).click();
    await expect(kind('Mentions').getByRole('switch', { name: 'On the site' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Save Notification Settings' }).click();
    await expectToast(page, 'Your notification settings were saved.');
    await page.reload();
    await expect(kind('Event changes').getByLabel('By mail')).toHaveValue('off');
    await expect(kind('Replies').getByLabel('By mail')).toHaveValue('instant');
    await expect(kind('Mentions').getByRole('switch', { name: 'On the site' })).not.toBeChecked();

    // The event moves (no mail for it now), then Rasha answers her post (mailed right away):
    // the outbox sends in order, so when the reply's mail is here, the event's would have been.
    const title = `Poetry evening ${stamp}`;
    const event = await newEvent(admin, title);
    expect((await page.request.post(`/api/events/${event.id}/rsvp`)).ok()).toBe(true);
    const later = new Date(Date.parse(event.form.dateTime) + 3_600_000).toISOString();
    expect((await admin.patch(`/api/events/${event.id}`, { data: { ...event.form, dateTime: later } })).status()).toBe(200);
    const post = `Favourite poets? ${stamp}`;
    await forumComment(rasha, await forumPost(page.request, post), 'Mahmoud Darwish, always.');
    await waitForMail(DEMO_ACCOUNTS.member.email, `Rasha D. replied in “${post}”`);
    expect((await mailsTo(DEMO_ACCOUNTS.member.email)).filter((mail) => mail.subject === `The time of “${title}” changed`)).toEqual([]);

    // Mentions are off on the site: Rasha names her in a thread she took part in, and nothing
    // reaches her bell (it would be written with the comment, so it would be there now).
    const theirs = await forumPost(rasha, `Poems to learn by heart ${stamp}`);
    await forumComment(page.request, theirs, 'I know one by Nizar Qabbani.');
    await forumComment(rasha, theirs, '@Amira S. which one? Tell us on Thursday.');
    const { items } = (await (await page.request.get('/api/notifications')).json()) as { items: { kind: string; target: { type: string; id: number } }[] };
    // Her thread's target by type and id: the event's notification above may carry the same id.
    expect(items.filter((item) => item.target.type === 'forum' && item.target.id === theirs)).toEqual([]);
  } finally {
    // Her defaults again: the other journeys expect them.
    const reset = await page.request.put('/api/notifications/preferences', { data: { event_changed: { mail: 'instant' }, reply: { mail: 'daily' }, mention: { site: true } } });
    expect(reset.ok(), await reset.text()).toBe(true);
    await admin.dispose();
    await rasha.dispose();
  }
});

test('a link to a comment on an article or a podcast opens it and brings the comment into view', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, 'member');
  const [blog] = (await (await page.request.get('/api/blogs?limit=1')).json()) as { id: number }[];
  const [podcast] = (await (await page.request.get('/api/podcasts?limit=1')).json()) as { id: number }[];
  for (const [kind, id] of [['blog', blog!.id], ['podcast', podcast!.id]] as const) {
    const text = `This one stayed with me all week (${kind} ${Date.now()}).`;
    const commentId = await created(page.request.post(`/api/${kind}s/${id}/comments`, { data: { content: text } }));
    await page.goto(commentHref(kind, id, commentId));
    const linked = page.locator(`#comment-${commentId}`);
    await expect(linked).toBeFocused();
    await expect(linked).toBeInViewport();
    await expect(linked).toContainText(text);
    await shot(page, `comment-in-view-${kind}-390`);
  }
});

test('a visitor sees no bell and loads none of its code', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(request.url()));
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(bellButton(page)).toHaveCount(0);
  await page.goto('/community/blog');
  await expect(bellButton(page)).toHaveCount(0);
  expect(asked.filter((url) => /notification-bell|\/api\/notifications/.test(url))).toEqual([]);
  // Signed in, the same page fetches the bell's chunk (the name looked for above) and opens its
  // stream. The visitor's page still open may already have seen the session and fetched it; the
  // browser then asks again and its cache answers, so the one chunk can be asked for twice.
  await signInAs(page, 'member');
  await openWithBell(page, '/community/blog');
  expect(new Set(asked.filter((url) => /\/assets\/notification-bell-[\w-]+\.js$/.test(url))).size).toBe(1);
});

test('the bell and Notification Settings on a phone and a laptop, in English and Arabic', async ({ page, playwright }) => {
  await signInAs(page, 'member');
  // Something in her bell: Rasha answers her post twice, and she has read the first.
  const rasha = await apiAs(playwright, 'moderator');
  const postId = await forumPost(page.request, `Songs for a rainy afternoon ${Date.now()}`);
  await forumComment(rasha, postId, 'Anything by Fairuz.');
  const { items } = (await (await page.request.get('/api/notifications')).json()) as { items: { id: number }[] };
  expect((await page.request.post('/api/notifications/read', { data: { ids: [items[0]!.id] } })).ok()).toBe(true);
  await forumComment(rasha, postId, 'And some rain sounds in the background, of course.');
  await rasha.dispose();
  for (const [language, size] of [['en', PHONE], ['ar', WIDE], ['ar', PHONE]] as const) {
    if (language === 'ar') await useArabic(page);
    await page.setViewportSize(size);
    await page.goto('/settings/notifications');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'ar' ? 'إعدادات الإشعارات' : 'Notification Settings');
    await expectFitsScreen(page, `Notification Settings (${language}, ${size.width} px)`);
    await shot(page, `notification-settings-${language}-${size.width}`);
    const name = language === 'ar' ? 'الإشعارات' : 'Notifications';
    const panel = await openBell(page, { button: page.getByRole('button', { name: new RegExp(`^${name}`) }), name });
    const box = (await panel.boundingBox())!;
    expect(box.x, 'the bell\'s panel starts on the screen').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'the bell\'s panel ends on the screen').toBeLessThanOrEqual(size.width);
    await shot(page, `bell-open-${language}-${size.width}`);
    await page.keyboard.press('Escape');
  }
  await page.context().addCookies([{ name: 'locale', value: 'en', url: siteUrl() }]);
  // The narrowest phone the site is made for still has room for the bell in the top bar.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(bellButton(page)).toBeVisible();
  await expectFitsScreen(page, 'the top bar with the bell (360 px)');
  await page.setViewportSize(WIDE);
  await page.goto('/settings/notifications');
  await shot(page, 'notification-settings-en-1280');
  await expectNoSeriousAxeFindings(page, 'Notification Settings');
  await openBell(page);
  await expectNoSeriousAxeFindings(page, 'the bell\'s list');

  // Staff are offered their own kinds too, apart.
  await signInAs(page, 'moderator');
  await page.goto('/settings/notifications');
  await page.getByRole('heading', { name: 'For staff' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('group', { name: 'New reports', exact: true }).getByLabel('By mail')).toHaveValue('off');
  await shot(page, 'notification-settings-staff-en-1280');
});
