import type { Locator, Page } from '@playwright/test';
import { m } from '#i18n/messages';
import { TEXT_LIMITS } from '#shared/limits';
import { messages } from '#shared/messages';
import { expect, inArabic, signInAs, test, useArabic } from './fixtures';

/**
 * Text is never cut to fit: a long paste stays whole, a counter near the limit says how far
 * over it is, and sending shows the field's message with nothing stored. A dialog taller than
 * the screen brings its first message into view and focus. Both languages.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LANGUAGES = ['en', 'ar-EG'] as const;
type Language = (typeof LANGUAGES)[number];

/** A text read in the journey's language. */
const say = <T>(language: Language, read: () => T) => (language === 'ar-EG' ? inArabic(read) : read());
/** A count as the page writes it ("27,000" / "٢٧٬٠٠٠"). */
const count = (language: Language, value: number) => new Intl.NumberFormat(language).format(value);

/** Screenshots for a person to look at, when E2E_SCREENSHOTS names a folder for them. */
const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string, language: Language) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${language}-${page.viewportSize()?.width}.png` });
};

/** 27,000 characters of words, as a long paste: a cut would land mid-word. */
const PASTE = `${'A long note about the things we share in this circle, '.repeat(500).slice(0, 26_999)}.`;

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

for (const language of LANGUAGES) {
  test(`a 27,000-character paste into a forum post stays whole, is counted and refused with the field's message (${language})`, async ({ page }) => {
    const title = `A long paste ${language} ${Date.now().toString(36)}`;
    if (language === 'ar-EG') await useArabic(page);
    await signInAs(page, 'member');
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto('/community/blog');
      await page.getByRole('button', { name: say(language, () => m.community_forum_new_post()) }).click();
      await page.locator('#post-title').fill(title);
      const content = page.locator('#post-content');
      await content.focus();
      // One insertion, as a paste is: a maxlength would cut it here.
      await page.keyboard.insertText(PASTE);
      await expect(content).toHaveValue(PASTE);
      const counter = page.locator('#post-content-count');
      await expect(counter).toHaveAttribute('aria-live', 'polite');
      await expect(counter).toContainText(say(language, () => m.common_character_count({ used: count(language, PASTE.length), max: count(language, TEXT_LIMITS.forumContent) })));
      await expect(counter).toContainText(count(language, PASTE.length - TEXT_LIMITS.forumContent));

      await page.getByRole('button', { name: say(language, () => m.community_forum_publish()) }).click();
      await expect(content).toBeFocused();
      await expectFieldError(content, say(language, () => messages.forum.contentMax));
      await expect(content).toHaveValue(PASTE);
      await shot(page, 'forum-post-long-paste', language);
    }
    // The label says what the message names ("Content").
    await expect(page.getByLabel(say(language, () => m.community_forum_message()), { exact: true })).toHaveId('post-content');

    // And the server, sent the same text, refuses it whole: nothing stored, nothing cut.
    const refused = await page.request.post('/api/forum/posts', { data: { title, content: PASTE, category: 'general' } });
    expect(refused.status()).toBe(400);
    const posts = await (await page.request.get('/api/forum/posts?limit=100')).json();
    expect(posts.items.map((post: { title: string }) => post.title)).not.toContain(title);
  });

  test(`the admin blog dialog brings its first message into view and focus (${language})`, async ({ page }) => {
    if (language === 'ar-EG') await useArabic(page);
    await signInAs(page, 'admin');
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto('/admin?tab=blogs');
      const create = say(language, () => m.admin_blogs_add());
      await page.getByRole('button', { name: create }).click();
      const dialog = page.getByRole('dialog', { name: create });
      const title = dialog.locator('#blog-title');
      await dialog.locator('#blog-authorName').fill('');

      // An empty form: the button is at the bottom, the first message at the top.
      await dialog.getByRole('button', { name: create }).click();
      await expect(title).toBeFocused();
      await expect(title).toBeInViewport();
      await expectFieldError(title, say(language, () => messages.admin.titleRequired));

      // A 269-character title: counted as it is typed, and refused at the field, whole.
      const long = 'T'.repeat(269);
      await title.fill(long);
      const counter = dialog.locator('#blog-title-count');
      await expect(counter).toContainText(say(language, () => m.common_character_count({ used: count(language, 269), max: count(language, TEXT_LIMITS.itemTitle) })));
      await dialog.getByRole('button', { name: create }).click();
      await expect(title).toBeFocused();
      await expect(title).toBeInViewport();
      await expect(title).toHaveValue(long);
      await expect(title).toHaveAttribute('aria-invalid', 'true');
      await expect(title).toHaveAccessibleDescription(escaped(say(language, () => messages.admin.tooLong('Title', TEXT_LIMITS.itemTitle))));
      await shot(page, 'admin-blog-dialog', language);
      await page.keyboard.press('Escape');
    }
  });
}

test('the Arabic age box writes the digits its hint and message write', async ({ page }) => {
  await useArabic(page);
  await page.goto('/signup');
  const age = page.locator('#age');
  await age.fill('12');
  await expect(age).toHaveValue('١٢');
  await page.getByRole('button', { name: inArabic(() => m.auth_signup_submit()) }).click();
  await expect(age).toHaveAccessibleDescription(escaped(inArabic(() => messages.signup.ageRange)));
  expect(inArabic(() => messages.signup.ageRange)).toContain('١٣');
});
