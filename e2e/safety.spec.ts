import type { APIRequest, APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectToast, signInAs, test, siteUrl } from './fixtures';

// Demo forum members (db/seed/community.ts): established, with posts and comments of their own.
const FORUM_MEMBER_PASSWORD = 'BloomForum1';
const ZEINA = { email: 'zeina@bloomcircle.example', password: FORUM_MEMBER_PASSWORD, name: 'Zeina F.' };
const LAYLA = { email: 'layla@bloomcircle.example', password: FORUM_MEMBER_PASSWORD, name: 'Layla M.' };
const AMIRA_NAME = `${DEMO_ACCOUNTS.member.firstName} ${DEMO_ACCOUNTS.member.lastName[0]}.`;
const ADMIN_NAME = `${DEMO_ACCOUNTS.admin.firstName} ${DEMO_ACCOUNTS.admin.lastName[0]}.`;
const ZEINA_POSTS = ['Morning routines that actually stick', 'Favourite budget-friendly weekend activities?'];
const ZEINA_COMMENT = 'Hi everyone! I am learning to play the oud, very slowly.';
const INTRODUCE = 'Introduce yourself here!';
const LISTING = 'Rose Café';

const stamp = Date.now().toString(36);

/** An API session of its own (not the page's cookies), signed in as this member. */
async function apiAs(request: APIRequest, credentials: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: siteUrl() });
  const login = await api.post('/api/login', { data: { email: credentials.email, password: credentials.password } });
  expect(login.ok(), `sign-in of ${credentials.email}`).toBe(true);
  return api;
}

async function postIdByTitle(api: APIRequestContext, title: string): Promise<number> {
  const answer = (await (await api.get('/api/forum/posts?limit=50')).json()) as { items: { id: number; title: string }[] };
  const post = answer.items.find((item) => item.title === title);
  expect(post, `post "${title}"`).toBeTruthy();
  return post!.id;
}

async function comment(api: APIRequestContext, postId: number, content: string) {
  const response = await api.post(`/api/forum/posts/${postId}/comments`, { data: { content } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The browser signs out and in again as someone else (through the API). */
async function switchTo(page: Page, credentials: { email: string; password: string }) {
  await page.context().clearCookies();
  const login = await page.request.post('/api/login', { data: { email: credentials.email, password: credentials.password } });
  expect(login.ok()).toBe(true);
}

const postCard = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Opens a post's comments (its button reads "N comments"). */
async function openComments(post: Locator) {
  await post.getByRole('button', { name: /^\d+ comments?$/ }).click();
  return post.getByRole('region', { name: /^\d+ comments?$/ });
}

/** A thread has loaded: some comments, or the line saying there are none. */
async function loaded(comments: Locator) {
  await expect(comments.getByRole('listitem').first().or(comments.getByText('No comments yet.', { exact: false }))).toBeVisible();
}

async function openSafetyPage(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Reports and blocks' }).click();
  await expect(page).toHaveURL(/\/settings\/safety$/);
  await expect(page.getByRole('heading', { name: 'Reports and blocks', level: 1 })).toBeVisible();
}

test('a member reports another member’s forum comment from its menu, and a listing, and finds the reports in Reports and blocks', async ({ page, playwright }) => {
  const text = `Layla's tip ${stamp}: a short walk before studying.`;
  const layla = await apiAs(playwright.request, LAYLA);
  await comment(layla, await postIdByTitle(layla, INTRODUCE), text);
  await layla.dispose();

  // Visitors see no Report or Block anywhere, and the page asks them to sign in.
  await page.goto('/community/blog');
  const visitorComments = await openComments(postCard(page, INTRODUCE));
  await expect(visitorComments.getByText(text)).toBeVisible();
  await expect(page.getByRole('button', { name: /^More actions/ })).toHaveCount(0);
  await page.goto('/directory');
  await expect(page.getByRole('heading', { name: LISTING })).toBeVisible();
  await expect(page.getByRole('button', { name: `Report ${LISTING}` })).toHaveCount(0);
  await page.goto('/settings/safety');
  await expect(page.getByText('Sign in to see your reports and blocks.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' }).last()).toHaveAttribute('href', '/login');

  await signInAs(page, 'member');
  await page.goto('/community/blog');
  const comments = await openComments(postCard(page, INTRODUCE));
  const laylas = comments.getByRole('listitem').filter({ hasText: text });
  const more = laylas.getByRole('button', { name: `More actions for ${LAYLA.name}'s comment` });

  // By keyboard: the menu opens on its first item; Escape closes the dialog and focus comes back.
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Report comment', `Report ${LAYLA.name}`, `Block ${LAYLA.name}`]);
  await expect(menu.getByRole('menuitem', { name: 'Report comment' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Report this comment' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();

  await more.click();
  await page.getByRole('menuitem', { name: 'Report comment' }).click();
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a reason');
  // Choosing self-harm points to help at once; it goes with another reason.
  await dialog.getByLabel('Self-harm or someone in danger').check();
  await expect(dialog.getByText('If someone is in danger right now', { exact: false })).toBeVisible();
  await dialog.getByLabel('Harassment or bullying').check();
  await expect(dialog.getByText('If someone is in danger right now', { exact: false })).toHaveCount(0);
  await dialog.getByLabel('Anything else we should know? (optional)').fill(`Keeps posting this to me ${stamp}`);
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expectToast(page, 'Report sent', 'Thanks for telling us. A moderator will look at it.');
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();

  // A directory listing has its own Report button.
  await page.goto('/directory');
  await page.getByRole('button', { name: `Report ${LISTING}` }).click();
  const listingDialog = page.getByRole('dialog', { name: 'Report this listing' });
  await listingDialog.getByLabel('Spam').check();
  await listingDialog.getByRole('button', { name: 'Send Report' }).click();
  await expectToast(page, 'Report sent', 'Thanks for telling us. A moderator will look at it.');
  await expect(page.getByRole('button', { name: `Report ${LISTING}` })).toBeFocused();

  await openSafetyPage(page);
  await expect(page.getByRole('region', { name: 'Your reports' }).getByRole('listitem').filter({ hasText: LISTING }).getByText('Directory listing')).toBeVisible();
  const report = page.getByRole('region', { name: 'Your reports' }).getByRole('listitem').filter({ hasText: text });
  await expect(report).toBeVisible();
  await expect(report.getByText('Comment on a forum post')).toBeVisible();
  await expect(report.getByText('Harassment or bullying')).toBeVisible();
  await expect(report.getByText('Open', { exact: true })).toBeVisible();
  await expect(report.getByText(`Keeps posting this to me ${stamp}`)).toBeVisible();
  // Server-rendered too: a reload shows the same list.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your reports' }).getByRole('listitem').filter({ hasText: text })).toBeVisible();
});

test('a member blocks another from her post: each stops seeing the other, until she unblocks', async ({ page, playwright }) => {
  const title = `Study playlist swap ${stamp}`;
  const zeinaOnIt = `Zeina's song list ${stamp}: lo-fi and rain sounds.`;
  await signInAs(page, 'member');

  // Her own post through the form: published at once (an established member), with no menu of its own.
  await page.goto('/community/blog');
  await page.getByRole('button', { name: 'New Post' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content', { exact: true }).fill('Share the songs that help you focus when exams are close.');
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expectToast(page, 'Post Published', 'Your post is now live in the forum');
  await expect(postCard(page, title).getByText('Waiting for review')).toHaveCount(0);
  await expect(postCard(page, title).getByRole('button', { name: /^More actions/ })).toHaveCount(0);

  // Zeina and a moderator comment on it.
  const zeina = await apiAs(playwright.request, ZEINA);
  const postId = await postIdByTitle(zeina, title);
  await comment(zeina, postId, zeinaOnIt);
  const admin = await apiAs(playwright.request, DEMO_ACCOUNTS.admin);
  await comment(admin, postId, `Lovely idea, thank you for starting this ${stamp}.`);
  await admin.dispose();

  await page.reload();
  const mine = postCard(page, title);
  const mineComments = await openComments(mine);
  await expect(mineComments.getByText(zeinaOnIt)).toBeVisible();

  // A moderator can't be blocked: the server's answer, the same as for anyone she can't block, shows and nothing changes.
  await mineComments.getByRole('button', { name: `More actions for ${ADMIN_NAME}'s comment` }).click();
  await page.getByRole('menuitem', { name: `Block ${ADMIN_NAME}` }).click();
  const refuse = page.getByRole('alertdialog', { name: `Block ${ADMIN_NAME}?` });
  await refuse.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(refuse).toBeHidden();
  await expectToast(page, 'Could not block', 'This member can’t be blocked. If something she wrote upsets you, please report it.');
  await expect(mineComments.getByRole('button', { name: `More actions for ${ADMIN_NAME}'s comment` })).toBeFocused();

  // Block Zeina from one of her posts; the dialog says what it does.
  const zeinaPost = postCard(page, ZEINA_POSTS[0]!);
  await zeinaPost.getByRole('button', { name: `More actions for ${ZEINA.name}'s post` }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Report post', `Report ${ZEINA.name}`, `Block ${ZEINA.name}`]);
  await page.getByRole('menuitem', { name: `Block ${ZEINA.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Block ${ZEINA.name}?` });
  await expect(confirm.getByText('You won’t see each other’s posts and comments', { exact: false })).toBeVisible();
  await expect(confirm.getByText('She won’t be told.', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expectToast(page, 'Member blocked', 'Blocked. You won’t see each other’s posts and comments.');
  await expect(confirm).toBeHidden();

  // Her posts and comments are gone for the blocker, on her own post too.
  for (const gone of ZEINA_POSTS) await expect(page.getByRole('heading', { name: gone })).toHaveCount(0);
  await expect(page.getByText(zeinaOnIt)).toHaveCount(0);
  await page.reload();
  for (const gone of ZEINA_POSTS) await expect(page.getByRole('heading', { name: gone })).toHaveCount(0);
  const introduce = await openComments(postCard(page, INTRODUCE));
  await loaded(introduce);
  await expect(introduce.getByText(ZEINA_COMMENT)).toHaveCount(0);

  // And the blocker is gone for Zeina, who is never told.
  await switchTo(page, ZEINA);
  await page.goto('/community/blog');
  await expect(page.getByRole('heading', { name: ZEINA_POSTS[0]! })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await expect(page.getByText(AMIRA_NAME)).toHaveCount(0);

  // Unblocking from Reports and blocks brings everything back.
  await switchTo(page, DEMO_ACCOUNTS.member);
  await page.goto('/');
  await openSafetyPage(page);
  const blocked = page.getByRole('region', { name: 'Members you blocked' });
  await expect(blocked.getByRole('listitem')).toHaveCount(1);
  await expect(blocked.getByText(ZEINA.name)).toBeVisible();
  await blocked.getByRole('button', { name: `Unblock ${ZEINA.name}` }).click();
  await expectToast(page, 'Unblocked');
  await expect(blocked.getByText('You haven’t blocked anyone.')).toBeVisible();

  await page.goto('/community/blog');
  for (const back of ZEINA_POSTS) await expect(page.getByRole('heading', { name: back })).toBeVisible();
  const again = await openComments(postCard(page, title));
  await expect(again.getByText(zeinaOnIt)).toBeVisible();

  // Clean up her post, so later journeys see the forum as seeded.
  await zeina.dispose();
  await postCard(page, title).getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete Post' }).click();
  await expectToast(page, 'Post Deleted');
});

test('a new member’s post and comment wait for review: marked for her, unseen by others', async ({ page, playwright }) => {
  const baseURL = siteUrl();
  const newcomer = { email: `newcomer-${stamp}@example.com`, password: 'Bloom2024x' };
  const visitor = await playwright.request.newContext({ baseURL });
  const applied = await visitor.post('/api/join-request', {
    data: { ...newcomer, firstName: 'Noor', lastName: 'Haddad', age: 16, interests: 'Sketching and poetry', bio: 'New here and a little shy.', acceptGuidelines: true },
  });
  expect(applied.status(), await applied.text()).toBeLessThan(300);
  await visitor.dispose();
  const admin = await apiAs(playwright.request, DEMO_ACCOUNTS.admin);
  const users = (await (await admin.get(`/api/admin/users?search=${encodeURIComponent(newcomer.email)}`)).json()) as { id: number; email: string }[];
  const user = users.find((item) => item.email === newcomer.email);
  expect(user, 'the applicant is listed').toBeTruthy();
  const approved = await admin.post('/trpc/admin.users.setApproval', { data: { userId: user!.id, isApproved: true } });
  expect(approved.ok(), await approved.text()).toBe(true);
  await admin.dispose();

  const title = `My first sketchbook ${stamp}`;
  await switchTo(page, newcomer);
  await page.goto('/community/blog');
  await page.getByRole('button', { name: 'New Post' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content', { exact: true }).fill('I filled my first sketchbook this month and wanted to share the joy.');
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expectToast(page, 'Sent for review', 'Thanks! Your post will appear once a moderator has reviewed it. Your first 3 posts and comments wait for a moderator’s review; after that, what you write appears right away.');
  const held = postCard(page, title);
  await expect(held.getByText('Waiting for review', { exact: true })).toBeVisible();

  const comments = await openComments(postCard(page, INTRODUCE));
  const text = `Hello from Noor ${stamp}!`;
  await comments.getByLabel('Write a comment').fill(text);
  await comments.getByRole('button', { name: 'Add Comment' }).click();
  await expectToast(page, 'Sent for review', 'Thanks! Your comment will appear once a moderator has reviewed it. Your first 3 posts and comments wait for a moderator’s review; after that, what you write appears right away.');
  await expect(comments.getByRole('listitem').filter({ hasText: text }).getByText('Waiting for review', { exact: true })).toBeVisible();

  // Another member sees neither.
  await switchTo(page, DEMO_ACCOUNTS.member);
  await page.goto('/community/blog');
  await expect(page.getByRole('heading', { name: INTRODUCE })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  const others = await openComments(postCard(page, INTRODUCE));
  await loaded(others);
  await expect(others.getByText(text)).toHaveCount(0);
});
