import { clientTookOver, DEMO_ACCOUNTS, expect, expectToast, signInAs, test } from './fixtures';

test('a member subscribes, posts in the forum, comments, shares and suggests a place', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, 'member');

  // Newsletter, from the hub.
  await page.goto('/community-hub');
  await page.getByRole('link', { name: 'Subscribe to Newsletter' }).click();
  await expect(page).toHaveURL(/\/community\/newsletter$/);
  await page.getByLabel('Email address').fill('amira.news@example');
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByLabel('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
  await page.getByLabel('Email address').fill('amira.news@example.com');
  await page.getByLabel('How often?').click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText('Almost there! We sent a link to amira.news@example.com. Your subscription starts once you open it.')).toBeVisible();
  await expect(page.getByRole('heading', { name: "What You'll Receive" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Newsletters' })).toBeVisible();

  // Back to the community area, then into the forum.
  await page.getByRole('link', { name: 'Back to Community' }).click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByRole('heading', { name: 'Community Hub', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Join Discussions' }).click();
  await expect(page).toHaveURL(/\/community\/blog$/);

  // The form shows the server's rules, then publishes.
  await page.getByRole('button', { name: 'New Post' }).click();
  await page.getByLabel('Title').fill('Hey');
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page.getByLabel('Title')).toHaveAccessibleDescription('Title must be at least 5 characters');
  const title = `Tips for a first day at university ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Career' }).click();
  await page.getByLabel('Content', { exact: true }).fill('Too short');
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page.getByLabel('Content', { exact: true })).toHaveAccessibleDescription('Content must be at least 20 characters');
  await page.getByLabel('Content', { exact: true }).fill('My first lecture is on Monday. What do you wish you had known on your first day?');
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expectToast(page, 'Post Published');

  const firstPost = page.getByRole('article').first();
  await expect(firstPost.getByRole('heading', { name: title })).toBeVisible();
  await expect(firstPost.getByText('You', { exact: true })).toBeVisible();
  await expect(firstPost.getByText('Just now')).toBeVisible();
  await expect(firstPost.getByText('Career', { exact: true })).toBeVisible();

  // It is stored: still first after a reload.
  await page.reload();
  const afterReload = page.getByRole('article').first();
  await expect(afterReload.getByRole('heading', { name: title })).toBeVisible();
  await expect(afterReload.getByText('You', { exact: true })).toBeVisible();

  // Comment on and like another member's post.
  const other = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Morning routines that actually stick' }) });
  await other.getByRole('button', { name: '2 comments' }).click();
  await expect(other.getByText('No phone until breakfast changed everything for me too.', { exact: false })).toBeVisible();
  await other.getByLabel('Write a comment').fill('Water first is such a good tip, thank you!');
  await other.getByRole('button', { name: 'Add Comment' }).click();
  await expectToast(page, 'Success', 'Comment added successfully');
  await expect(other.getByText('Water first is such a good tip, thank you!')).toBeVisible();
  await expect(other.getByRole('button', { name: '3 comments' })).toBeVisible();
  await other.getByRole('button', { name: 'Like (2 likes)' }).click();
  await expect(other.getByRole('button', { name: 'Unlike (3 likes)' })).toHaveAttribute('aria-pressed', 'true');

  // Share copies the post's link.
  await other.getByRole('button', { name: 'Share' }).click();
  await expectToast(page, 'Link Copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  expect(link).toMatch(/\/community\/blog#post-\d+$/);

  // Only her own post offers Delete (and, on someone else's post, only her own comment does); deleting asks first.
  await expect(other.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(other.getByRole('button', { name: /^Delete comment by / })).toHaveCount(1);
  const mine = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await mine.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete Post' }).click();
  await expectToast(page, 'Post Deleted');
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Morning routines that actually stick' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  // Places to Go: search, filter, details, and a suggestion.
  await page.goto('/community/places-to-go');
  await expect(page.getByRole('heading', { name: 'Serenity Yoga Studio' })).toBeVisible();
  await page.getByLabel('Search places').fill('yoga');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Serenity Yoga Studio']);
  await page.getByLabel('Search places').fill('');
  await page.getByRole('button', { name: 'Cafe', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['The Cozy Corner Café', 'Petals & Pages Book Café']);
  await page.getByLabel('Search places').fill('nothing like this');
  await expect(page.getByText('No places found')).toBeVisible();
  await page.getByLabel('Search places').fill('');
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByRole('button', { name: 'Learn More: Serenity Yoga Studio' }).click();
  const details = page.getByRole('dialog', { name: 'Serenity Yoga Studio' });
  await expect(details.getByText('12 Olive Grove Street, Garden District')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Suggest a Place' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest a Place' });
  await dialog.getByLabel('Name').fill('Moonlight Pottery Studio');
  await dialog.getByRole('button', { name: 'Send Suggestion' }).click();
  await expect(dialog.getByLabel('Why do you recommend it?')).toHaveAccessibleDescription('Description must be at least 10 characters');
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Culture' }).click();
  await dialog.getByLabel('Address').fill('5 Clay Street, Old Town');
  await dialog.getByLabel('Why do you recommend it?').fill('Evening pottery classes for girls, with a friendly teacher.');
  await dialog.getByRole('button', { name: 'Send Suggestion' }).click();
  await expectToast(page, 'Thank You!', 'Your suggestion was sent to our moderators for review');
  await expect(dialog).toBeHidden();
  // Waiting for review: not listed yet.
  await expect(page.getByRole('heading', { name: 'Moonlight Pottery Studio' })).toHaveCount(0);
});

test('a visitor searches the hub and is asked to sign in to post', async ({ page }) => {
  await page.goto('/community-hub');
  await expect(page.getByRole('heading', { name: 'Community Hub', level: 1 })).toBeVisible();
  for (const card of ['Newsletter', 'Discussion forum', 'Places to Go']) {
    await expect(page.getByRole('link', { name: new RegExp(`^Available ${card}`) })).toContainText('Available');
  }
  await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();

  await page.getByLabel('Search podcasts, blogs and events').fill('confidence');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Search results' })).toBeVisible();
  for (const group of ['Podcasts', 'Blogs', 'Events']) {
    const section = page.getByRole('region', { name: group, exact: true });
    await expect(section).toBeVisible();
    await expect(section.getByRole('link').first()).toBeVisible();
  }
  // An event result opens that event.
  const eventLink = page.getByRole('region', { name: 'Events', exact: true }).getByRole('link').first();
  const eventTitle = (await eventLink.locator('span').first().textContent())!;
  await eventLink.click();
  await expect(page).toHaveURL(/\/events\?event=\d+$/);
  await expect(page.getByRole('heading', { name: eventTitle, level: 3 })).toBeVisible();
  await page.goBack();
  await page.getByLabel('Search podcasts, blogs and events').fill('confidence');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // A blog result opens that article.
  const blogLink = page.getByRole('region', { name: 'Blogs', exact: true }).getByRole('link').first();
  const blogTitle = (await blogLink.locator('span').first().textContent())!;
  await blogLink.click();
  await expect(page).toHaveURL(/\/blog\?post=\d+$/);
  await expect(page.getByRole('heading', { name: blogTitle, level: 1 })).toBeVisible();

  await page.goto('/community-hub');
  await page.getByLabel('Search podcasts, blogs and events').fill('xyzzy-no-match');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Nothing matches “xyzzy-no-match” yet. Try another word.')).toBeVisible();

  // Visitors read the forum but need an account to post.
  await page.goto('/community/blog');
  await expect(page.getByRole('heading', { name: 'Introduce yourself here!' })).toBeVisible();
  await page.getByRole('button', { name: 'New Post' }).click();
  await expectToast(page, 'Authentication Required', 'Please log in to post in the forum');
  await expect(page.getByLabel('Title')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign In' }).last()).toHaveAttribute('href', '/login');
  // The toast itself offers the way on.
  await page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a reader whose clock is minutes ahead of the server's opens the forum and the hub: their times don't make the page draw again", async ({ page, request }) => {
  const author = await request.post('/api/login', { data: DEMO_ACCOUNTS.member });
  expect(author.ok()).toBe(true);
  const title = `Clocks and kettles ${Date.now()}`;
  const created = await request.post('/api/forum/posts', { data: { title, content: 'Whose clock runs fast?', category: 'general' } });
  expect(created.ok(), await created.text()).toBe(true);
  // The server draws the new post 'Just now'; this browser's clock says five minutes later. The
  // console-error check of every journey fails on a hydration mismatch.
  await page.clock.install({ time: Date.now() + 5 * 60_000 });
  await page.goto('/community/blog');
  await clientTookOver(page);
  // The browser keeps the server's label; the next render reads its own clock.
  await expect(page.getByRole('article').filter({ hasText: title }).locator('time').first()).toHaveText('Just now');
  await page.goto('/community-hub');
  await clientTookOver(page);
  await expect(page.getByText(title).first()).toBeVisible();
});
