import type { Page } from '@playwright/test';
import { m } from '#i18n/messages';
import { expect, expectToast, inArabic, newMember, signInAs, signInThroughForm, siteUrl, test, useArabic, openTab, saveScreenshot } from './fixtures';

/**
 * What a new member trips over while writing: drafts that outlive the form they were typed in,
 * misspelt email domains, kind words while she waits, toasts that keep out of her way, and
 * forms she can leave and come back to.
 */

const PODCAST = 'The Power of Vulnerability';
const BLOG = 'Notice, Name, Nourish: A Gentle Confidence Routine';
const FORUM_POST = 'Morning routines that actually stick';
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
async function switchLanguage(page: Page, to: 'العربية' | 'English') {
  await page.getByRole('banner').getByRole('button', { name: to }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to === 'English' ? 'en' : 'ar-EG');
}

test('a comment half-written waits for her after the comments close and after a language switch, in the podcast dialog, the blog and the forum', async ({ page, playwright }) => {
  const member = await newMember(playwright.request, 'Farida');
  await page.setViewportSize(WIDE);
  await signInThroughForm(page, member.email, member.password);
  await expect(page).toHaveURL(/\/$/);

  // Podcast dialog: closed and opened again, then across a language switch.
  await page.goto('/podcasts');
  await page.getByRole('button', { name: `Comments on ${PODCAST}` }).click();
  let dialog = page.getByRole('dialog', { name: 'Comments' });
  await dialog.getByLabel('Your comment').fill('This made me think of my sister, who');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: `Comments on ${PODCAST}` }).click();
  await expect(dialog.getByLabel('Your comment')).toHaveValue('This made me think of my sister, who');
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'العربية');
  await page.getByRole('button', { name: inArabic(() => m.content_comments_for({ title: PODCAST })) }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.locator('textarea')).toHaveValue('This made me think of my sister, who');
  // Sent, it is gone from the box and from the tab's storage.
  await dialog.locator('textarea').fill('This made me think of my sister, who is shy too.');
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog.locator('textarea')).toHaveValue('');
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('my sister');
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'English');

  // Blog article: a page of its own, across a language switch and a visit elsewhere.
  await page.goto('/blog');
  await page.getByRole('link', { name: BLOG }).click();
  await page.getByLabel('Your comment').fill('Step two is the hardest for me because');
  await switchLanguage(page, 'العربية');
  await expect(page.locator('#blog-comment')).toHaveValue('Step two is the hardest for me because');
  await switchLanguage(page, 'English');
  await page.goto('/podcasts');
  await page.goBack();
  await expect(page.getByLabel('Your comment')).toHaveValue('Step two is the hardest for me because');

  // Forum: the comments folded away and opened again, then across a language switch.
  await page.goto('/community/blog');
  const post = page.getByRole('article').filter({ has: page.getByRole('heading', { name: FORUM_POST }) });
  await post.getByRole('button', { name: /comments$/ }).click();
  await post.getByLabel('Write a comment').fill('I tried this for a week and');
  await post.getByRole('button', { name: /comments$/ }).click();
  await expect(post.getByLabel('Write a comment')).toHaveCount(0);
  await post.getByRole('button', { name: /comments$/ }).click();
  await expect(post.getByLabel('Write a comment')).toHaveValue('I tried this for a week and');
  await switchLanguage(page, 'العربية');
  const postInArabic = page.getByRole('article').filter({ has: page.getByRole('heading', { name: FORUM_POST }) });
  await postInArabic.locator('footer button[aria-controls]').click();
  await expect(postInArabic.locator('textarea')).toHaveValue('I tried this for a week and');
});

/** The two boxes share no pixel. */
async function expectApart(page: Page, toast: ReturnType<Page['locator']>, control: ReturnType<Page['locator']>, where: string) {
  const [a, b] = [await toast.boundingBox(), await control.boundingBox()];
  expect(a && b, `${where}: both on screen`).toBeTruthy();
  const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
  expect(overlap, `${where}: the toast covers the button`).toBe(false);
}

test('a new member’s first items wait for review: she is told which and why, toasts leave her buttons free on a phone, a held post has no Share and shows her initials', async ({ page, playwright }) => {
  const member = await newMember(playwright.request, 'Layla');
  await page.setViewportSize(PHONE);
  await signInThroughForm(page, member.email, member.password);
  await expect(page).toHaveURL(/\/$/);
  const toasts = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');

  // Her first post waits: the toast says a post waits, and why.
  await page.goto('/community/blog');
  await page.getByRole('button', { name: 'New Post' }).click();
  await page.getByLabel('Title').fill('Hello from Layla');
  await page.getByLabel('Content', { exact: true }).fill('I just joined and I love drawing comics after school.');
  const publish = page.getByRole('button', { name: 'Publish Post' });
  await publish.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  await publish.click();
  await expectToast(page, 'Sent for review', 'Thanks! Your post will appear once a moderator has reviewed it. Your first 3 posts and comments wait for a moderator’s review; after that, what you write appears right away.');

  const mine = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Hello from Layla' }) });
  await expect(mine.getByText('Waiting for review')).toBeVisible();
  // Nobody else can open it yet: no Share until it is approved. Her avatar has her initials.
  await expect(mine.getByRole('button', { name: /comments?$/ })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(mine.locator('header > span[aria-hidden="true"]').first()).toHaveText('LK');
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Close' }).first().click();
  await expect(toasts).toHaveCount(0);

  // A comment waits too: the toast says "comment", and stays off the button she just pressed.
  const other = page.getByRole('article').filter({ has: page.getByRole('heading', { name: FORUM_POST }) });
  await expect(other.getByRole('button', { name: 'Share' })).toBeVisible();
  await other.getByRole('button', { name: /comments$/ }).click();
  await other.getByLabel('Write a comment').fill('Drinking water first thing is my favourite tip.');
  const addComment = other.getByRole('button', { name: 'Add Comment' });
  await addComment.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  await addComment.click();
  await expectToast(page, 'Sent for review', 'Thanks! Your comment will appear once a moderator has reviewed it. Your first 3 posts and comments wait for a moderator’s review; after that, what you write appears right away.');
  await expectApart(page, toasts.first(), addComment, 'forum comment on a phone');
  await expectApart(page, toasts.first(), other.getByLabel('Write a comment'), 'forum comment box on a phone');
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Close' }).first().click();

  // In the podcast dialog, the same.
  await page.goto('/podcasts');
  await page.getByRole('button', { name: `Comments on ${PODCAST}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Comments' });
  await dialog.getByLabel('Your comment').fill('I needed this today.');
  await dialog.getByRole('button', { name: 'Add Comment' }).click();
  await expect(dialog.getByLabel('Your comment')).toHaveValue('');
  // The open modal hides the toast region from assistive tech: found by its place in the page.
  const toastBox = page.locator('ol li').filter({ hasText: 'Sent for review' }).first();
  await expect(toastBox).toBeVisible();
  await expectApart(page, toastBox, dialog.getByRole('button', { name: 'Add Comment' }), 'podcast dialog on a phone');
});

test('a misspelt email domain is offered its fix in one tap, at sign-up, newsletter and email change, in English and Arabic', async ({ page, playwright }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/signup');
  const email = page.getByLabel('Email');
  await email.fill('layla.hassan@gmial.com');
  await expect(page.getByText('Did you mean gmail.com?', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Use layla.hassan@gmail.com' }).click();
  await expect(email).toHaveValue('layla.hassan@gmail.com');
  await expect(email).toBeFocused();
  await expect(page.getByText(/Did you mean/)).toHaveCount(0);
  // An address it doesn't know is left alone.
  await email.fill('layla.hassan@example.com');
  await page.getByLabel('First name').click();
  await expect(page.locator('#email-suggestion')).toBeEmpty();

  // Newsletter, as a visitor.
  await page.goto('/community/newsletter');
  await page.getByLabel('Email address').fill('amira@hotmial.com');
  await page.getByRole('button', { name: 'Use amira@hotmail.com' }).click();
  await expect(page.getByLabel('Email address')).toHaveValue('amira@hotmail.com');

  // In Arabic, the same offer in Arabic.
  await useArabic(page);
  await page.goto('/signup');
  await page.locator('#email').fill('layla.hassan@gmial.com');
  await expect(page.getByText(inArabic(() => m.common_email_did_you_mean({ domain: 'gmail.com' })), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: inArabic(() => m.common_email_use_suggestion({ email: 'layla.hassan@gmail.com' })) }).click();
  await expect(page.locator('#email')).toHaveValue('layla.hassan@gmail.com');
  await page.context().clearCookies();

  // Changing her email in her profile.
  const member = await newMember(playwright.request, 'Hala');
  await signInThroughForm(page, member.email, member.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings/profile');
  await page.getByLabel('New email').fill('hala.new@yaho.com');
  await expect(page.getByText('Did you mean yahoo.com?', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Use hala.new@yahoo.com' }).click();
  await expect(page.getByLabel('New email')).toHaveValue('hala.new@yahoo.com');
});

test('a pending applicant who signs in is told calmly that her application waits, in English and Arabic', async ({ page, playwright }) => {
  const visitor = await playwright.request.newContext({ baseURL: siteUrl() });
  const applicant = { firstName: 'Nour', lastName: 'Adel', email: `nour.${Date.now().toString(36)}@example.com`, password: 'Bloom2024x' };
  const applied = await visitor.post('/api/join-request', {
    data: { ...applicant, age: 15, interests: 'Reading and swimming', bio: 'I love long books and early swims.', acceptGuidelines: true },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  await visitor.dispose();

  await signInThroughForm(page, applicant.email, applicant.password);
  await expectToast(page, 'Login Failed', 'Your application is still under review. We’ll email you as soon as an admin has looked at it, then you can sign in.');
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').first();
  // Not the alarm red of a wrong password.
  await expect(toast).not.toHaveClass(/destructive/);
  await expect(page).toHaveURL(/\/login$/);

  await useArabic(page);
  await page.goto('/login');
  await page.locator('#email').fill(applicant.email);
  await page.locator('#password').fill(applicant.password);
  await page.locator('form button[type="submit"]').click();
  await expectToast(page, inArabic(() => m.server_login_failed_title()), inArabic(() => m.auth_login_pending_body({ reason: m.server_login_pending() })));
  await expect(page.getByRole('region', { name: 'الإشعارات' }).getByRole('listitem').first()).not.toHaveClass(/destructive/);
});

test('sign-up leads back home, and the guidelines link keeps everything she typed', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Mariam');
  await page.getByLabel('Email').fill('mariam.back@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Jasmine2026');
  await page.getByRole('link', { name: 'community guidelines', exact: true }).click();
  await expect(page).toHaveURL(/\/guidelines$/);
  await page.goBack();
  await expect(page.getByLabel('First name')).toHaveValue('Mariam');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Jasmine2026');
  // Nothing of her password is ever put in the tab's storage.
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('Jasmine2026');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the admin panel: badges only where work waits, a long post clamped in the queue, a new event brought into view, the event form’s fields in line', async ({ page, playwright }) => {
  // An application waits, and a new member's 5,000-character post.
  const visitor = await playwright.request.newContext({ baseURL: siteUrl() });
  const applied = await visitor.post('/api/join-request', {
    data: { firstName: 'Rana', lastName: 'Samir', email: `rana.${Date.now().toString(36)}@example.com`, password: 'Bloom2024x', age: 14, interests: 'Chess and painting', bio: 'I paint birds and play chess with my grandfather.', acceptGuidelines: true },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  await visitor.dispose();
  const member = await newMember(playwright.request, 'Dina');
  const api = await playwright.request.newContext({ baseURL: siteUrl() });
  expect((await api.post('/api/login', { data: { email: member.email, password: member.password } })).ok()).toBe(true);
  const longTitle = `A very long story ${Date.now()}`;
  const longText = 'Once upon a time there was a girl who loved to write long stories about her summers. '.repeat(58).trim();
  expect(longText.length).toBeLessThanOrEqual(5000);
  const posted = await api.post('/api/forum/posts', { data: { title: longTitle, content: longText, category: 'general' } });
  expect(posted.ok(), await posted.text()).toBe(true);
  await api.dispose();

  await page.setViewportSize(WIDE);
  await signInAs(page, 'admin');
  const waiting = (await (await page.request.get('/api/admin/moderation/waiting')).json()) as { applications: number };
  expect(waiting.applications).toBeGreaterThan(0);
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: /^Pending Users/ })).toHaveAccessibleName(`Pending Users (${waiting.applications} waiting)`);
  // Watched words are no waiting work: no number on the tab.
  await expect(page.getByRole('tab', { name: /^Watched Words/ })).toHaveAccessibleName('Watched Words');
  await saveScreenshot(page, 'admin-badges-1280-en');

  // The long post shows its first lines; Approve stays near; 'Show all' opens the rest.
  await openTab(page, /^Review Queue/);
  const card = page.getByRole('tabpanel').getByRole('listitem').filter({ has: page.getByRole('heading', { name: longTitle }) });
  const approve = card.getByRole('button', { name: `Approve “${longTitle}”` });
  await approve.scrollIntoViewIfNeeded();
  const clamped = (await card.boundingBox())!.height;
  expect(clamped).toBeLessThan(600);
  const showAll = card.getByRole('button', { name: 'Show all' });
  await expect(showAll).toHaveAttribute('aria-expanded', 'false');
  await saveScreenshot(page, 'admin-review-clamped-1280-en');
  await showAll.click();
  await expect(card.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  expect((await card.boundingBox())!.height).toBeGreaterThan(clamped + 200);

  // Events on a phone: a new event dated before all others is brought into view and focused.
  await page.setViewportSize(PHONE);
  await openTab(page, 'Events');
  await page.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event' });
  // Price and Max attendees side by side on a laptop: their boxes start at the same height.
  await page.setViewportSize(WIDE);
  const price = dialog.getByLabel('Price (optional)');
  const max = dialog.getByLabel('Max attendees (optional)');
  expect(Math.abs((await price.boundingBox())!.y - (await max.boundingBox())!.y)).toBeLessThan(1);
  await saveScreenshot(page, 'admin-event-form-1280-en');
  await page.setViewportSize(PHONE);
  const eventTitle = `An old reading circle ${Date.now()}`;
  await dialog.getByLabel('Title').fill(eventTitle);
  await dialog.getByLabel('Description').fill('We read short poems aloud, one each.');
  await dialog.getByLabel('Location').fill('Garden Library');
  await dialog.getByLabel('Date and time').fill('2001-05-05T17:00');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expectToast(page, 'Event Created');
  const added = page.getByRole('group', { name: eventTitle });
  await expect(added).toBeFocused();
  await expect(added).toBeInViewport();
  await saveScreenshot(page, 'admin-event-added-390-en');
});

test('keyboard: a focused blog card shows the 3 px ring, an opened article starts at its heading, the events list has no empty stop', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await page.goto('/blog');
  const link = page.getByRole('link', { name: BLOG });
  await link.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  const card = link.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " group ")][1]');
  await expect(card).toHaveCSS('outline-style', 'solid');
  await expect(card).toHaveCSS('outline-width', '3px');
  await saveScreenshot(page, 'blog-card-focus-1280-en');

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/blog\?post=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: BLOG })).toBeFocused();

  // Events: from the open tab, the next stop is the first card's own link, not the list around it.
  await page.goto('/events');
  await page.getByRole('tab', { name: 'Upcoming Events' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /^Add to calendar: / }).first()).toBeFocused();
});
