import { DEMO_ACCOUNTS, expect, expectToast, signInAs, signInThroughForm, test } from './fixtures';

// Seeded demo content (db/seed/content.ts): the newest podcast, blog and upcoming event.
const PODCAST = 'The Power of Vulnerability';
const BLOG = 'Notice, Name, Nourish: A Gentle Confidence Routine';
const EVENT = 'Confidence Circle: Speaking Up';
const PAST_EVENT = 'Podcast Live: Growing Up Online';

test('a visitor browses podcasts, the blog and events, and is asked to sign in to like', async ({ page }) => {
  await page.goto('/podcasts');
  await expect(page.getByRole('heading', { name: 'Podcasts & Interviews', level: 1 })).toBeVisible();
  const podcast = page.getByRole('heading', { name: PODCAST });
  await expect(podcast).toBeVisible();
  // The player loads only when asked for, and then starts at once.
  await expect(page.getByTitle(`Video: ${PODCAST}`)).toHaveCount(0);
  await page.getByRole('button', { name: `Play video: ${PODCAST}` }).click();
  await expect(page.getByTitle(`Video: ${PODCAST}`)).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?(.+&)?autoplay=1/);

  // Search narrows the grid; a search with no match says so.
  await page.getByLabel('Search podcasts').fill('procrastinator');
  await expect(page.getByRole('heading', { name: 'Inside the Mind of a Master Procrastinator' })).toBeVisible();
  await expect(podcast).toBeHidden();
  await page.getByLabel('Search podcasts').fill('no such talk anywhere');
  await expect(page.getByText('No podcasts found matching your criteria.')).toBeVisible();
  await page.getByLabel('Search podcasts').fill('');

  await page.getByRole('button', { name: `Like ${PODCAST}` }).click();
  await expectToast(page, 'Authentication Required', 'Please log in to like podcasts');
  // With a way on: Sign In, in the toast itself.
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');

  // Comments are readable, but the comment box is for members only.
  await page.getByRole('button', { name: `Comments on ${PODCAST}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Comments' });
  await expect(dialog.getByText('Sharing this with my sister tonight')).toBeVisible();
  await expect(dialog.getByLabel('Your comment')).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await page.keyboard.press('Escape');

  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'Blog', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Owning Your Achievements Without Feeling Awkward' })).toHaveCount(0); // a draft
  await page.getByRole('link', { name: BLOG }).click();
  await expect(page).toHaveURL(/\/blog\?post=\d+/);
  await expect(page.getByRole('heading', { name: BLOG, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Why waiting for confidence doesn't work" })).toBeVisible();
  await expect(page.getByText('Please log in to comment')).toBeVisible();
  await page.getByRole('button', { name: `Like ${BLOG}` }).click();
  await expectToast(page, 'Authentication Required', 'Please log in to like blogs');
  await page.goBack();
  await expect(page.getByRole('link', { name: BLOG })).toBeVisible();

  await page.goto('/events');
  await expect(page.getByRole('tab', { name: 'Upcoming Events', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: EVENT })).toBeVisible();
  await page.getByRole('tab', { name: 'Past Events' }).click();
  const pastPanel = page.getByRole('tabpanel', { name: 'Past Events' });
  await expect(pastPanel.getByRole('heading', { name: PAST_EVENT })).toBeVisible();
  await expect(pastPanel.getByRole('button', { name: /^Attend/ })).toHaveCount(0);
});

test('lists show their placeholder counts while loading', async ({ page }) => {
  // A list opened directly comes server-rendered with its data; the placeholders show when the browser
  // moves to a list itself. The content calls are held back until the placeholders were counted.
  await page.goto('/');
  let release = () => {};
  let held = Promise.resolve();
  await page.route(/\/trpc\/[^?]*content\./, async (route) => {
    await held;
    await route.continue();
  });
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const [name, count] of [['Podcasts', 6], ['Blog', 6], ['Events', 4]] as const) {
    held = new Promise((resolve) => (release = resolve));
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('status', { name: 'Loading…' }).locator(':scope > *')).toHaveCount(count);
    release();
    await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
  }
});

test('a member likes and comments on a podcast and a blog, attends an event, and it is all kept', async ({ page }) => {
  const member = DEMO_ACCOUNTS.member;
  await signInThroughForm(page, member.email, member.password);
  await expect(page.getByRole('heading', { name: 'Featured Podcasts' })).toBeVisible();

  // Podcast: like, then comment in the dialog.
  await page.goto('/podcasts');
  const like = page.getByRole('button', { name: `Like ${PODCAST}` });
  await expect(like).toHaveText('2');
  await like.click();
  await expect(page.getByRole('button', { name: `Unlike ${PODCAST}` })).toHaveText('3');
  await page.getByRole('button', { name: `Comments on ${PODCAST}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Comments' });
  const box = dialog.getByLabel('Your comment');
  await expect(dialog.getByRole('button', { name: 'Add Comment' })).toBeDisabled();
  await box.fill('   ');
  await dialog.getByRole('button', { name: 'Add Comment' }).click();
  await expect(dialog.getByText('Please enter a comment')).toBeVisible();
  await box.fill('  This talk made me brave enough to speak up in class.  ');
  await dialog.getByRole('button', { name: 'Add Comment' }).click();
  await expect(dialog.getByText('This talk made me brave enough to speak up in class.')).toBeVisible();
  await expect(box).toHaveValue('');
  // The open modal hides the rest of the page (the toast region too) from assistive tech.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expectToast(page, 'Success', 'Comment added successfully');

  // Blog: like and comment on the article.
  await page.goto('/blog');
  await page.getByRole('link', { name: BLOG }).click();
  await page.getByRole('button', { name: `Like ${BLOG}` }).click();
  await expect(page.getByRole('button', { name: `Unlike ${BLOG}` })).toBeVisible();
  await page.getByLabel('Your comment').fill('Trying the three steps this week!');
  await page.getByRole('button', { name: 'Add Comment' }).click();
  await expectToast(page, 'Success', 'Comment added successfully');

  // Event: attend the first upcoming event.
  await page.goto('/events');
  await page.getByRole('button', { name: `Attend: ${EVENT}` }).click();
  await expectToast(page, 'Success', 'You are now attending!');
  await expect(page.getByRole('button', { name: `Attending: ${EVENT}` })).toBeDisabled();

  // After a reload, everything is still there.
  await page.reload();
  await expect(page.getByRole('button', { name: `Attending: ${EVENT}` })).toBeDisabled();
  await page.goto('/podcasts');
  await expect(page.getByRole('button', { name: `Unlike ${PODCAST}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: `Comments on ${PODCAST}` })).toHaveText('3');
  await page.goto('/blog');
  await page.getByRole('link', { name: BLOG }).click();
  await expect(page.getByRole('button', { name: `Unlike ${BLOG}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Trying the three steps this week!')).toBeVisible();
  await expect(page.getByText('2 comments')).toBeVisible();
});

test('stored HTML in an article is shown as text, never run, and a broken cover falls back', async ({ page }) => {
  await signInAs(page, 'admin');
  const blog = {
    title: 'Markup stays text',
    content: 'Line one\nLine two\n\n<img src="/nothing.png" onerror="window.__xss = 1">\n\n<script>window.__xss = 2</script>\n\n[tap me](javascript:window.__xss=3)',
    excerpt: 'An article whose body tries to sneak in markup, to show it is displayed as plain text instead.',
    category: 'Productivity',
    authorName: 'Maya Haddad',
    coverImageUrl: '/images/blog/missing-cover.svg',
    tags: 'safety',
    isPublished: true,
  };
  const created = await page.request.post('/api/blogs', { data: blog });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/blog?post=${id}`);
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { name: 'Markup stays text', level: 1 })).toBeVisible();
  await expect(article.getByText('<script>window.__xss = 2</script>')).toBeVisible();
  await expect(article.getByText('Line one')).toBeVisible();
  // Line breaks are kept: the two lines are separated by a <br>.
  await expect(article.locator('p', { hasText: 'Line one' }).locator('br')).toHaveCount(1);
  await expect(article.locator('img[src="/nothing.png"], script')).toHaveCount(0);
  await expect(article.getByRole('link', { name: 'tap me' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  // The missing cover is replaced by the site's placeholder.
  await expect(article.locator('img').first()).toHaveAttribute('src', '/images/placeholder.svg');
  // So is a missing upload, whose every width and format answers 404, drawn by the server or not.
  expect((await page.request.patch(`/api/blogs/${id}`, { data: { ...blog, coverImageUrl: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaa' } })).status()).toBe(200);
  await page.reload();
  await expect(article.locator('img').first()).toHaveAttribute('src', '/images/placeholder.svg');
  await expect(article.locator('picture')).toHaveCount(0);
});

test('the server renders each screen (SSR), so it shows before any script has run', async ({ browser, baseURL }) => {
  // No JavaScript at all: what shows is the server-rendered markup (inert: the browser would hydrate it).
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Learn, grow and bloom together', level: 1 })).toBeVisible();
  await page.goto('/podcasts');
  await expect(page.getByRole('heading', { name: PODCAST })).toBeVisible();

  // A member's screens are rendered on the server with her data: her name in the menu, the lists filled.
  const login = await page.request.post('/api/login', { data: { email: DEMO_ACCOUNTS.member.email, password: DEMO_ACCOUNTS.member.password } });
  expect(login.ok()).toBe(true);
  for (const [path, title] of [['/podcasts', PODCAST], ['/blog', BLOG], ['/events', EVENT]]) {
    await page.goto(path!);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(page.getByText(DEMO_ACCOUNTS.member.firstName, { exact: true }).first()).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('inert');

  // An article reads formatted from the first paint: headings, emphasis and lists, not its markdown.
  const blogs = (await (await page.request.get('/api/blogs')).json()) as { id: number; title: string }[];
  const served = await page.goto(`/blog?post=${blogs.find((blog) => blog.title === BLOG)!.id}`);
  // The page carries the article once drawn and once in its data for the browser, never its markdown too.
  expect(await served!.text()).not.toContain('## Why waiting for confidence');
  const body = page.getByRole('article');
  await expect(body.getByRole('heading', { name: "Why waiting for confidence doesn't work", level: 2 })).toBeVisible();
  await expect(body.locator('strong', { hasText: 'after' })).toBeVisible();
  await expect(body.getByRole('listitem').filter({ hasText: 'Drink a glass of water' })).toBeVisible();
  await expect(body.getByText('## Why waiting')).toHaveCount(0);
  await context.close();
});

test('a member deletes her own comment after confirming, and it is gone for everyone', async ({ page }) => {
  await signInAs(page, 'member');
  await page.goto('/blog');
  await page.getByRole('link', { name: BLOG }).click();
  const words = `A comment I will take back ${Date.now()}`;
  await page.getByLabel('Your comment').fill(words);
  await page.getByRole('button', { name: 'Add Comment' }).click();
  await expectToast(page, 'Success', 'Comment added successfully');

  const mine = page.getByRole('listitem').filter({ hasText: words });
  await mine.getByRole('button', { name: /^Delete comment by / }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this comment?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(mine).toBeVisible();
  await mine.getByRole('button', { name: /^Delete comment by / }).click();
  await confirm.getByRole('button', { name: 'Delete comment' }).click();
  await expectToast(page, 'Success', 'Comment deleted');
  await expect(page.getByText(words)).toHaveCount(0);

  // Signed out, the thread shows no Delete at all, and the comment stays gone.
  await page.context().clearCookies();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete comment by / })).toHaveCount(0);
  await expect(page.getByText(words)).toHaveCount(0);
});
