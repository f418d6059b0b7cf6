import type { Page } from '@playwright/test';
import { expect, newMember, signInThroughForm, siteUrl, test } from './fixtures';

/**
 * The page's language: the member's saved choice, else the `locale` cookie, else the browser's
 * Accept-Language; anything unknown is English. The server renders the page in it, so the
 * language and direction are right in the first HTML and never change after hydration.
 */

const WIDE = { width: 1280, height: 900 };

async function expectLanguage(page: Page, lang: 'en' | 'ar-EG') {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', lang);
  await expect(html).toHaveAttribute('dir', lang === 'en' ? 'ltr' : 'rtl');
}

/** Hydration warnings (the browser re-rendering what the server rendered) are a flip after load. */
function recordHydrationWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && /hydrat/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

test('the browser language picks the page language, and the server renders it that way', async ({ browser }) => {
  for (const [acceptLanguage, lang, home] of [
    ['ar-EG,ar;q=0.9,en;q=0.5', 'ar-EG', 'الرئيسية'],
    ['ar-SA', 'ar-EG', 'الرئيسية'],
    ['fr-FR,fr;q=0.9', 'en', 'Home'],
  ] as const) {
    const response = await fetch(siteUrl(), { headers: { 'accept-language': acceptLanguage } });
    const html = await response.text();
    expect(html, acceptLanguage).toContain(`<html lang="${lang}" dir="${lang === 'en' ? 'ltr' : 'rtl'}">`);
    expect(response.headers.get('vary') ?? '').toMatch(/accept-language/i);
    // The server-rendered top bar is already in the language, before any script runs.
    const context = await browser.newContext({ locale: acceptLanguage.split(',')[0], viewport: WIDE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('navigation').getByRole('link', { name: home, exact: true })).toBeVisible();
    await context.close();
  }
});

test('an unknown language in the cookie or the header means English', async () => {
  const asked: Record<string, string>[] = [{ cookie: 'locale=fr' }, { cookie: 'locale=%3Cscript%3E' }, { 'accept-language': 'xx-YY' }, { 'accept-language': 'ar;q=abc' }];
  for (const headers of asked) {
    const html = await (await fetch(siteUrl(), { headers })).text();
    expect(html, JSON.stringify(headers)).toContain('<html lang="en" dir="ltr">');
  }
  const refused = await fetch(`${siteUrl()}/api/locale`, { method: 'PUT', headers: { 'content-type': 'application/json', origin: siteUrl() }, body: JSON.stringify({ locale: 'fr' }) });
  expect(refused.status).toBe(400);
  expect(refused.headers.get('set-cookie')).toBeNull();
});

test('a visitor switches to Arabic in the top bar and back in the footer; nothing flips after the page loads', async ({ page }) => {
  const warnings = recordHydrationWarnings(page);
  await page.setViewportSize(WIDE);
  await page.goto('/events');
  await expectLanguage(page, 'en');

  await page.getByRole('banner').getByRole('button', { name: 'العربية' }).click();
  await expectLanguage(page, 'ar-EG');
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'الفعاليات', exact: true })).toHaveAttribute('aria-current', 'page');
  // The Arabic page loads the Arabic build and its font.
  expect(await page.evaluate(() => [...document.scripts].map((script) => script.src).join(' ') + document.head.innerHTML)).toMatch(/cairo-arabic/);

  // Another page of the site, loaded afresh, stays Arabic (the cookie).
  await page.goto('/podcasts');
  await expectLanguage(page, 'ar-EG');

  await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
  await expectLanguage(page, 'en');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Podcasts', exact: true })).toBeVisible();
  expect(warnings).toEqual([]);
});

test('a member’s choice is saved on her account and follows her to another browser', async ({ page, browser, playwright }) => {
  const member = await newMember(playwright.request, 'Nadine');
  await page.setViewportSize(WIDE);
  await signInThroughForm(page, member.email, member.password);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('banner').getByRole('button', { name: 'العربية' }).click();
  await expectLanguage(page, 'ar-EG');

  // A browser that has never seen the site, and asks for English.
  const elsewhere = await browser.newContext({ locale: 'en-US', viewport: WIDE });
  const other = await elsewhere.newPage();
  await signInThroughForm(other, member.email, member.password);
  // Signed in, the page loads again in her language.
  await expectLanguage(other, 'ar-EG');
  await expect(other).toHaveURL(/\/$/);
  await elsewhere.close();
});

test('an applicant who switches language half-way keeps what she typed, except her password', async ({ page }) => {
  const warnings = recordHydrationWarnings(page);
  await page.setViewportSize(WIDE);
  await page.goto('/signup');
  await expectLanguage(page, 'en');
  await page.locator('#firstName').fill('Salma');
  await page.locator('#email').fill('salma.switch@example.com');
  await page.locator('#password').fill('Jasmine2026');
  await page.locator('#age').fill('16');
  await page.locator('#bio').fill('I write short stories and want to read other girls’ stories too.');
  await page.locator('#acceptGuidelines').check();

  // The sign-up page has no top bar: its switch sits above the form.
  await page.getByRole('button', { name: 'العربية' }).click();
  await expectLanguage(page, 'ar-EG');
  await expect(page.locator('#firstName')).toHaveValue('Salma');
  await expect(page.locator('#email')).toHaveValue('salma.switch@example.com');
  // Kept, and shown in the page's digits (Arabic-Indic in Arabic).
  await expect(page.locator('#age')).toHaveValue('١٦');
  await expect(page.locator('#bio')).toHaveValue('I write short stories and want to read other girls’ stories too.');
  await expect(page.locator('#acceptGuidelines')).toBeChecked();
  await expect(page.locator('#password')).toHaveValue('');
  // Handed over once: nothing of hers stays in the tab's storage.
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('Salma');

  // Another page of the site doesn't take a draft typed elsewhere, and a fresh load of the form starts empty.
  await page.reload();
  await expect(page.locator('#firstName')).toHaveValue('');
  expect(warnings).toEqual([]);
});

test('a member who switches language while writing a comment, a forum post or her profile finds it as she left it', async ({ page, playwright }) => {
  const member = await newMember(playwright.request, 'Yasmin');
  const warnings = recordHydrationWarnings(page);
  await page.setViewportSize(WIDE);
  await signInThroughForm(page, member.email, member.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/blog');
  await page.locator('main a[href*="/blog?post="]').first().click();
  await expect(page).toHaveURL(/\/blog\?post=\d+$/);
  const article = page.url();
  await page.locator('#blog-comment').fill('Half a thought about this article');

  await page.getByRole('banner').getByRole('button', { name: 'العربية' }).click();
  await expectLanguage(page, 'ar-EG');
  await expect(page).toHaveURL(article);
  await expect(page.locator('#blog-comment')).toHaveValue('Half a thought about this article');
  // An unsent comment is kept for this tab until she sends it or clears the box.
  await page.locator('#blog-comment').fill('');
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('Half a thought');

  // A forum post half-written: the form opens again with her title, category and message.
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expectLanguage(page, 'en');
  await page.goto('/community/blog');
  await page.getByRole('button', { name: 'New Post' }).click();
  await page.getByLabel('Title').fill('Books for a long summer');
  await page.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Career' }).click();
  await page.getByLabel('Content', { exact: true }).fill('Which novels kept you up at night?');
  await page.getByRole('banner').getByRole('button', { name: 'العربية' }).click();
  await expectLanguage(page, 'ar-EG');
  await expect(page.locator('#post-title')).toHaveValue('Books for a long summer');
  await expect(page.locator('#post-content')).toHaveValue('Which novels kept you up at night?');
  await expect(page.locator('#post-category')).toHaveText(/الدراسة والعمل/);
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('Books for');

  // Profile edits she hadn't saved come back too; what she saved is unchanged.
  await page.goto('/settings/profile');
  await page.locator('#profile-bio').fill('I read on the balcony every evening.');
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expectLanguage(page, 'en');
  await expect(page.locator('#profile-bio')).toHaveValue('I read on the balcony every evening.');
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('balcony');
  const profile = await page.request.get('/api/profile');
  expect(profile.ok()).toBe(true);
  expect(await profile.text()).not.toContain('balcony');
  expect(warnings).toEqual([]);
});
