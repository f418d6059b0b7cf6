import type { PlaywrightWorkerArgs } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectFitsScreen, expectToast, signInThroughForm, siteUrl, test, useArabic, saveScreenshot } from './fixtures';

/**
 * Replies: a member answers another member's comment, and the answer shows under it for
 * everyone; a reply half-written waits for her like a comment does.
 */

/** An API client signed in as `account`, as a member's other tab would be. */
async function signedIn(playwright: PlaywrightWorkerArgs['playwright'], account: { email: string; password: string }) {
  const context = await playwright.request.newContext({ baseURL: siteUrl() });
  expect((await context.post('/api/login', { data: account })).ok()).toBe(true);
  return context;
}

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
test('a member replies to another member\'s comment in the forum, and the reply shows under it', async ({ page, playwright }) => {
  // Amira asks; the moderator answers her post (staff comments are published at once).
  const amira = await signedIn(playwright, DEMO_ACCOUNTS.member);
  const title = `Which notebook do you use? ${Date.now()}`;
  const created = await amira.post('/api/forum/posts', { data: { title, content: 'I keep losing my lecture notes. Paper or an app?', category: 'general' } });
  expect(created.status(), await created.text()).toBe(201);
  const postId = ((await created.json()) as { id: number }).id;
  const moderator = await signedIn(playwright, DEMO_ACCOUNTS.moderator);
  expect((await moderator.post(`/api/forum/posts/${postId}/comments`, { data: { content: 'Paper for lectures, an app for lists.' } })).status()).toBe(201);

  await page.setViewportSize(WIDE);
  await signInThroughForm(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/community/blog');
  const post = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await post.getByRole('button', { name: '1 comment' }).click();
  const comment = post.getByRole('listitem').filter({ hasText: 'Paper for lectures, an app for lists.' });

  // Reply opens a box that takes the keyboard; what she types waits while the comments are folded away.
  await comment.getByRole('button', { name: /^Reply to / }).click();
  const box = post.getByRole('combobox', { name: /^Your reply to / });
  await expect(box).toBeFocused();
  // Typing @ offers the members of this conversation; Enter writes the chosen name.
  await page.keyboard.type('@Ra');
  const offered = page.getByRole('listbox', { name: 'Members in this conversation' });
  await expect(offered.getByRole('option')).toHaveText(['Rasha D.']);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await saveScreenshot(page, 'mention-list-en-1280');
  // On a busy phone the next frame comes late, and she types on at once: her first letter
  // lands before it. Nothing a frame later may move the caret back before that letter.
  await page.evaluate(() => {
    const nextFrame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => window.setTimeout(() => nextFrame(callback), 300);
  });
  await page.keyboard.press('Enter');
  await page.keyboard.type('t');
  await page.evaluate(() => new Promise((frameCame) => window.requestAnimationFrame(frameCame)));
  await page.keyboard.type('hank you, I will try both!');
  await expect(offered).toBeHidden();
  const reply = '@Rasha D. thank you, I will try both!';
  await expect(box).toHaveValue(reply);
  await post.getByRole('button', { name: '1 comment' }).click();
  await post.getByRole('button', { name: '1 comment' }).click();
  await expect(box).toHaveValue(reply);
  await saveScreenshot(page, 'reply-form-en-1280');
  await post.getByRole('button', { name: 'Send Reply' }).click();
  await expectToast(page, 'Success', 'Comment added successfully');

  const replies = comment.getByRole('list', { name: /^Replies to / });
  await expect(replies.getByText(reply)).toBeVisible();
  await expect(post.getByRole('button', { name: '2 comments' })).toBeVisible();
  await expect(box).toBeHidden();

  // The moderator sees it under her comment.
  const other = await page.context().browser()!.newContext({ baseURL: siteUrl() });
  const theirs = await other.newPage();
  await signInThroughForm(theirs, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password);
  await expect(theirs).not.toHaveURL(/\/login/);
  await theirs.goto('/community/blog');
  const seen = theirs.getByRole('article').filter({ has: theirs.getByRole('heading', { name: title }) });
  await seen.getByRole('button', { name: '2 comments' }).click();
  await expect(seen.getByRole('listitem').filter({ hasText: 'Paper for lectures' }).getByRole('list', { name: /^Replies to / }).getByText(reply)).toBeVisible();
  await other.close();
  // She was told of the reply (once: the mention in it names the one it answers).
  const told = (await (await moderator.get('/api/notifications')).json()) as { items: { kind: string; target: { type: string; id: number } }[] };
  // The thread by type and id: an event or article she was told of may carry the same id.
  expect(told.items.filter((item) => item.target.type === 'forum' && item.target.id === postId).map((item) => item.kind)).toEqual(['reply']);

  // How it looks on a phone and in Arabic.
  for (const [language, size] of [['en', PHONE], ['ar', WIDE], ['ar', PHONE]] as const) {
    if (language === 'ar') await useArabic(page);
    await page.setViewportSize(size);
    await page.goto('/community/blog');
    const shown = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await shown.getByRole('button', { name: language === 'ar' ? 'تعليقان' : '2 comments' }).click();
    await shown.getByRole('listitem').filter({ hasText: 'Paper for lectures' }).getByRole('button').filter({ hasText: language === 'ar' ? 'ردّي' : 'Reply' }).first().click();
    await expectFitsScreen(page, `the forum thread (${language}, ${size.width} px)`);
    await shown.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `reply-thread-${language}-${size.width}`);
  }
  await amira.dispose();
  await moderator.dispose();
});

test('a link to a reply past the first fifty comments of a busy thread brings it into view, and Load more comments shows the rest', async ({ page, playwright }) => {
  // Layla asks; she and five others answer, nine times each.
  const forumMember = (name: string) => ({ email: `${name}@bloomcircle.example`, password: 'BloomForum1' });
  const layla = await signedIn(playwright, forumMember('layla'));
  const title = `Your one study tip? ${Date.now()}`;
  const created = await layla.post('/api/forum/posts', { data: { title, content: 'One tip each, the more the better.', category: 'general' } });
  expect(created.status(), await created.text()).toBe(201);
  const postId = ((await created.json()) as { id: number }).id;
  const voices = [layla, ...(await Promise.all([DEMO_ACCOUNTS.member, DEMO_ACCOUNTS.moderator, DEMO_ACCOUNTS.admin, forumMember('hana'), forumMember('zeina')].map((account) => signedIn(playwright, account))))];
  const commentIds: number[] = [];
  for (let round = 0; round < 9; round++) {
    for (const voice of voices) {
      const answer = await voice.post(`/api/forum/posts/${postId}/comments`, { data: { content: `Tip ${commentIds.length + 1}: study in short sessions.` } });
      expect(answer.status(), await answer.text()).toBe(201);
      commentIds.push(((await answer.json()) as { id: number }).id);
    }
  }
  expect(commentIds).toHaveLength(54);

  // A notification's link names the 53rd: the thread loads toward it, and it takes the keyboard.
  await page.goto(`/community/blog?post=${postId}#comment-${commentIds[52]}`);
  const linked = page.locator(`#comment-${commentIds[52]}`);
  await expect(linked).toBeFocused();
  await expect(linked).toContainText('Tip 53: study in short sessions.');
  await expect(linked).toBeInViewport();
  await saveScreenshot(page, 'forum-linked-reply-en-1280');

  // Opened from the list, the thread shows its first fifty, then the rest on Load more comments.
  await page.goto('/community/blog');
  const post = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await post.getByRole('button', { name: '54 comments' }).click();
  const thread = post.getByRole('region', { name: '54 comments' });
  await expect(thread.getByRole('listitem')).toHaveCount(50);
  await expect(thread.getByText('Tip 51:')).toHaveCount(0);
  await thread.getByRole('button', { name: 'Load more comments' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'forum-thread-load-more-en-1280');
  await thread.getByRole('button', { name: 'Load more comments' }).click();
  await expect(thread.getByRole('listitem')).toHaveCount(54);
  await expect(thread.getByText('Tip 54: study in short sessions.')).toBeVisible();
  await expect(thread.getByRole('button', { name: 'Load more comments' })).toBeHidden();

  // Amira writes one more with only the first fifty shown: the thread loads on until hers shows.
  await signInThroughForm(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/community/blog');
  const hers = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await hers.getByRole('button', { name: '54 comments' }).click();
  await expect(hers.getByRole('region', { name: '54 comments' }).getByRole('listitem')).toHaveCount(50);
  await hers.getByRole('combobox', { name: 'Write a comment' }).fill('Tip 55: teach it to someone else.');
  await hers.getByRole('button', { name: 'Add Comment' }).click();
  await expectToast(page, 'Success', 'Comment added successfully');
  await expect(hers.getByRole('region', { name: '55 comments' }).getByText('Tip 55: teach it to someone else.')).toBeVisible();
  for (const voice of voices) await voice.dispose();
});
