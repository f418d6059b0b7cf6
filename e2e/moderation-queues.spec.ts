import type { APIRequest, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectToast, openTab, seriousAxeFindings, signInAs, test, WCAG_AA } from './fixtures';

/** Demo members who wrote the forum's first posts (db/seed/community.ts). */
const FORUM_MEMBER_PASSWORD = 'BloomForum1';
const HANA = { email: 'hana@bloomcircle.example', name: 'Hana Yusuf' };
const ZEINA = { email: 'zeina@bloomcircle.example', name: 'Zeina Farah' };
const AMIRA_NAME = `${DEMO_ACCOUNTS.member.firstName} ${DEMO_ACCOUNTS.member.lastName}`;

/** Letters only, unique per run (names and watched texts refuse digits in places). */
const stamp = () =>
  Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)]!);

/** What the admin panel's badges count, as the server says now. */
async function waiting(page: Page): Promise<{ reports: number; review: number }> {
  const response = await page.request.get('/api/admin/moderation/waiting');
  expect(response.ok()).toBe(true);
  return (await response.json()) as { reports: number; review: number };
}

/** A tab's accessible name with its badge: 'Review Queue (2 waiting)', or the bare name when nothing waits. */
const withBadge = (name: string, n: number) => (n > 0 ? `${name} (${n} waiting)` : name);

/** No serious or critical axe findings in what `selector` matches (a queue with its cards, a dialog). */
async function expectAccessible(page: Page, selector: string, where: string) {
  expect(await seriousAxeFindings(page, { include: [selector], tags: WCAG_AA }), where).toEqual([]);
}

/** A member's own API session, beside the browser's. */
async function memberApi(request: APIRequest, baseURL: string | undefined, email: string, password: string) {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/api/login', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return api;
}

test('a new member’s first forum post waits for review: hidden from visitors until an admin approves it in the Review Queue', async ({ page }) => {
  const letters = stamp();
  const first = 'Rania';
  const last = 'Nassar';
  const name = `${first} ${last}`;
  const email = `rania.${letters}@example.com`;
  const password = 'Lavender2026';
  const title = `Tips for a first week at a new school ${letters}`;
  const text = 'I start at a new school on Monday and I do not know anyone yet. How did you make your first friends?';

  // She applies through the form.
  await page.goto('/signup');
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Age').fill('16');
  await page.getByLabel('Interests and hobbies').fill('Swimming, sketching and science fairs');
  await page.getByLabel('Brief bio').fill('New in town and hoping to meet kind girls who like making things.');
  await page.getByLabel('I agree to the community guidelines').check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Application submitted!' })).toBeVisible();

  // An admin approves her in the panel.
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await openTab(page, 'Pending Users');
  await page.getByRole('button', { name: `Approve ${name}` }).click();
  // She never opened the link in her application mail: the panel asks again.
  await page.getByRole('alertdialog', { name: `Approve ${name} without a confirmed email?` }).getByRole('button', { name: 'Approve anyway' }).click();
  await expectToast(page, 'User Approved');

  // She posts in the forum: her first post waits for a moderator.
  await page.context().clearCookies();
  expect((await page.request.post('/api/login', { data: { email, password } })).ok()).toBe(true);
  await page.goto('/community/blog');
  await page.getByRole('button', { name: 'New Post' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Thanks! Your post will appear once a moderator has reviewed it. Your first 3 posts and comments wait for a moderator’s review; after that, what you write appears right away.', { exact: true })).toBeVisible();
  // She sees it, marked as waiting.
  const mine = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(mine.getByText('Waiting for review', { exact: true })).toBeVisible();

  // A visitor doesn't see it.
  await page.context().clearCookies();
  await page.goto('/community/blog');
  await expect(page.getByRole('heading', { name: 'Morning routines that actually stick' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  // The admin sees the badge and the post in the Review Queue, in context.
  await signInAs(page, 'admin');
  const before = await waiting(page);
  expect(before.review).toBeGreaterThan(0);
  await page.goto('/admin');
  const reviewTab = page.getByRole('tab', { name: /^Review Queue/ });
  await expect(reviewTab).toHaveAccessibleName(withBadge('Review Queue', before.review));
  await openTab(page, 'Review Queue');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(`${before.review} waiting`, { exact: true })).toBeVisible();
  const card = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText('Forum post', { exact: true })).toBeVisible();
  // Why it waits: 'New member' (read as 'Held because: New member').
  await expect(card.getByText('Held because: New member', { exact: true })).toBeVisible();
  await expect(card.getByText(text)).toHaveAttribute('dir', 'auto');
  await expect(card.getByText(name, { exact: true })).toBeVisible();
  await expect(card.getByText(email, { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'See it on the site (opens in a new tab)' })).toHaveAttribute('href', /^\/community\/blog#post-\d+$/);

  await expectAccessible(page, '[role="tabpanel"]', 'Review Queue');

  await card.getByRole('button', { name: `Approve “${title}”` }).click();
  await expectToast(page, 'Approved', 'It is published now.');
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await expect(reviewTab).toHaveAccessibleName(withBadge('Review Queue', before.review - 1));
  if (before.review === 1) await expect(panel.getByText('Nothing waits for review. Thank you for keeping Bloom Circle kind.')).toBeVisible();

  // Now a visitor sees it.
  await page.context().clearCookies();
  await page.goto('/community/blog');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('two members report a comment; the admin sees it in Reports with reasons and reporters, deletes it with a note, and it is gone', async ({ page, playwright, baseURL }) => {
  const letters = stamp();
  const comment = `Nobody cares about your weekend plans ${letters}, stop posting.`;
  const note = `Unkind reply, removed ${letters}`;
  const threadTitle = 'Favourite budget-friendly weekend activities?';

  // Hana comments on a seeded post (she is established: published at once)...
  const posts = (await (await page.request.get('/api/forum/posts?limit=50')).json()) as { items: { id: number; title: string }[] };
  const post = posts.items.find((item) => item.title === threadTitle)!;
  const hana = await memberApi(playwright.request, baseURL, HANA.email, FORUM_MEMBER_PASSWORD);
  const created = await hana.post(`/api/forum/posts/${post.id}/comments`, { data: { content: comment } });
  expect(created.ok()).toBe(true);
  const { id: commentId } = (await created.json()) as { id: number };
  await hana.dispose();

  // ...and two members report it, with different reasons.
  const reporters = [
    { api: await memberApi(playwright.request, baseURL, ZEINA.email, FORUM_MEMBER_PASSWORD), reason: 'harassment', details: 'This is mean to the whole thread.' },
    { api: await memberApi(playwright.request, baseURL, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password), reason: 'inappropriate', details: 'Not how we talk here.' },
  ];
  for (const { api, reason, details } of reporters) {
    const report = await api.post('/api/reports', { data: { targetType: 'forum_comment', targetId: commentId, reason, details } });
    expect(report.status()).toBe(201);
    await api.dispose();
  }

  // The admin sees the badge and the group: the comment in context, its author, the reasons and the reporters.
  await signInAs(page, 'admin');
  const before = await waiting(page);
  expect(before.reports).toBeGreaterThan(0);
  await page.goto('/admin');
  const reportsTab = page.getByRole('tab', { name: /^Reports/ });
  await expect(reportsTab).toHaveAccessibleName(withBadge('Reports', before.reports));
  await openTab(page, 'Reports');
  const group = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: comment });
  await expect(group.getByRole('heading', { name: `Forum comment by ${HANA.name}` })).toBeAttached();
  await expect(group.getByText('Forum comment', { exact: true })).toBeVisible();
  await expect(group.getByText('Open', { exact: true })).toBeVisible();
  await expect(group.getByText(comment)).toHaveAttribute('dir', 'auto');
  await expect(group.getByRole('link', { name: `${threadTitle} (opens in a new tab)` })).toHaveAttribute('href', `/community/blog#post-${post.id}`);
  await expect(group.getByText(HANA.name, { exact: true })).toBeVisible();
  await expect(group.getByText(HANA.email, { exact: true })).toBeVisible();
  await expect(group.getByText('2 reports from 2 members')).toBeVisible();
  await expect(group.getByText('Harassment', { exact: true }).first()).toBeVisible();
  await expect(group.getByText('Inappropriate', { exact: true }).first()).toBeVisible();
  const reports = group.getByRole('list', { name: 'Reports of this item' }).getByRole('listitem');
  await expect(reports).toHaveCount(2);
  await expect(reports.filter({ hasText: ZEINA.name })).toContainText('This is mean to the whole thread.');
  await expect(reports.filter({ hasText: AMIRA_NAME })).toContainText('Not how we talk here.');

  // A comment can be dismissed, hidden, deleted or its author suspended.
  const decide = group.getByRole('group', { name: 'Decide' }).getByRole('button');
  const subject = `forum comment by ${HANA.name}`;
  await expect(decide).toHaveText(['Dismiss', 'Hide', 'Delete', 'Suspend author']);
  await expect(decide.first()).toHaveAccessibleName(`Dismiss: ${subject}`);

  await expectAccessible(page, '[role="tablist"], [role="tabpanel"]', 'Reports');

  // Suspending asks for the days, checked with the shared rule; nothing is sent until they are right.
  await group.getByRole('button', { name: `Suspend author: ${subject}` }).click();
  const suspend = page.getByRole('dialog', { name: 'Suspend the author?' });
  await expect(suspend).toContainText(`${HANA.name} can still sign in and read`);
  await suspend.getByLabel('Days').fill('400');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(suspend.getByText('Days must be a whole number from 1 to 365')).toBeVisible();
  await suspend.getByRole('button', { name: 'Cancel' }).click();
  await expect(suspend).toBeHidden();

  // Delete asks first, and takes a note.
  await group.getByRole('button', { name: `Delete: ${subject}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this forum comment?' });
  await expect(confirm).toContainText('This permanently deletes this forum comment');
  await expectAccessible(page, '[role="alertdialog"]', 'Delete confirmation');
  await confirm.getByLabel('Note (optional)').fill(note);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Report Resolved', 'The item is deleted.');
  await expect(confirm).toBeHidden();

  // The group stays, resolved: its outcome and note, and no more decisions.
  const resolved = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: note });
  await expect(resolved.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(resolved.getByText('This was deleted. Only its reports remain.')).toBeVisible();
  await expect(resolved.getByText('Outcome:')).toBeVisible();
  await expect(resolved.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(resolved.getByRole('group', { name: 'Decide' })).toHaveCount(0);
  await expect(reportsTab).toHaveAccessibleName(withBadge('Reports', before.reports - 1));

  // A visitor no longer sees the comment.
  await page.context().clearCookies();
  await page.goto('/community/blog');
  const thread = page.getByRole('article').filter({ has: page.getByRole('heading', { name: threadTitle }) });
  await thread.getByRole('button', { name: /comments?$/ }).click();
  await expect(thread.getByText('Sunset walks with a thermos of tea and a playlist.')).toBeVisible();
  await expect(thread.getByText(comment)).toHaveCount(0);
});
