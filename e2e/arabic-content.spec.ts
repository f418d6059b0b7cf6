import type { Page } from '@playwright/test';
import { expect, expectFitsScreen, expectNoSeriousAxeFindings, signInAs, test, useArabic } from './fixtures';

// Seeded demo content (db/seed/content.ts) that no English journey counts on, so the likes,
// comments and RSVP made here change no other journey's numbers.
const PODCAST = 'How to Make Stress Your Friend';
const BLOG = 'Journaling Prompts for a Fresh Start';
const EVENT = 'Watercolour Afternoon';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Screenshots for a person to look at, when E2E_SCREENSHOTS names a folder for them. */
const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  const width = page.viewportSize()?.width ?? 0;
  // A phone's page is long and narrow: its first three screens, one picture each.
  if (width >= 1000) return void (await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true }));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0, part = 0; top < height && part < 3; top += 1200, part += 1) {
    await page.screenshot({ path: `${SHOTS}/${name}-${width}-${part}.png`, fullPage: true, clip: { x: 0, y: top, width, height: Math.min(1200, height - top) } });
  }
};

/** The page is Arabic, right to left, has no serious axe findings and fits the screen. */
async function expectArabicScreen(page: Page, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-EG');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoSeriousAxeFindings(page, `${name} in Arabic`);
  await expectFitsScreen(page, `${name} in Arabic`);
  await shot(page, name);
}

test.describe('in Arabic, on a phone', () => {
  test.use({ viewport: PHONE });

  test('a member likes and comments on a podcast and an article, and attends an event, all in Arabic', async ({ page }) => {
    await useArabic(page);
    await signInAs(page, 'member');

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'نتعلّم وننمو ونزهر معًا', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'حلقات مختارة' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bloom Circle بالأرقام' })).toContainText(/[٠-٩]/);
    await expectArabicScreen(page, 'home');

    // Podcast: like it, then comment in the dialog; the counts are written in Arabic-Indic digits.
    await page.goto('/podcasts');
    await expect(page.getByRole('heading', { name: 'بودكاست ومقابلات', level: 1 })).toBeVisible();
    await expect(page.getByLabel('الفئة').locator('option', { hasText: 'الحياة المدرسية' })).toHaveAttribute('value', 'School Life');
    await expectArabicScreen(page, 'podcasts');
    const like = page.getByRole('button', { name: `إعجاب: ${PODCAST}`, exact: true });
    await expect(like).toHaveText('٠');
    await like.click();
    await expect(page.getByRole('button', { name: `إلغاء الإعجاب: ${PODCAST}` })).toHaveText('١');
    await page.getByRole('button', { name: `التعليقات على: ${PODCAST}` }).click();
    const dialog = page.getByRole('dialog', { name: 'التعليقات' });
    await expect(dialog.getByText('لا توجد تعليقات بعد. كوني أول من تعلّق!')).toBeVisible();
    await dialog.getByLabel('تعليقك').fill('حلقة رائعة، شكرًا لكنّ!');
    await dialog.getByRole('button', { name: 'أضيفي تعليقك' }).click();
    const mine = dialog.getByRole('listitem').filter({ hasText: 'حلقة رائعة، شكرًا لكنّ!' });
    await expect(mine).toContainText('أنتِ');
    await expect(mine.locator('p[dir="auto"]')).toHaveText('حلقة رائعة، شكرًا لكنّ!');
    await dialog.getByRole('button', { name: /Close|إغلاق/ }).click();
    await expect(page.getByRole('button', { name: `التعليقات على: ${PODCAST}` })).toHaveText('١');

    // Article: the date in Arabic, a like and a comment, the count in words.
    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: 'المدونة', level: 1 })).toBeVisible();
    await expectArabicScreen(page, 'blog');
    await page.getByRole('link', { name: BLOG }).click();
    await expect(page.getByRole('heading', { name: BLOG, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: '→ العودة إلى المدونة' })).toBeVisible();
    await expect(page.getByRole('article').locator('time')).toHaveText(/^[٠-٩]{1,2} \S+ [٠-٩]{4}$/);
    await expect(page.getByText('لا تعليقات', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `إعجاب: ${BLOG}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `إلغاء الإعجاب: ${BLOG}` })).toHaveText('٢');
    await page.getByLabel('تعليقك').fill('سأجرّب هذه الأسئلة الليلة.');
    await page.getByRole('button', { name: 'أضيفي تعليقك' }).click();
    await expect(page.getByText('تعليق واحد', { exact: true })).toBeVisible();
    await expectArabicScreen(page, 'article');

    // Event: the price and the places left in Arabic; attending takes one place.
    await page.goto('/events');
    await expect(page.getByRole('tab', { name: 'الفعاليات القادمة', selected: true })).toBeVisible();
    // The tabs and their cards run right to left too (Radix would otherwise set its own dir).
    expect(await page.getByRole('tabpanel').evaluate((panel) => getComputedStyle(panel).direction)).toBe('rtl');
    const card = page.locator('div', { has: page.getByRole('heading', { name: EVENT, level: 3 }) }).last();
    await expect(card).toContainText('٢٥٫٥٠ دولار');
    await expect(card).toContainText('بقي ١٢ مكانًا');
    await expectArabicScreen(page, 'events');
    await page.getByRole('button', { name: `سأحضر: ${EVENT}` }).click();
    await expect(page.getByRole('button', { name: `ستحضرين: ${EVENT}` })).toBeDisabled();
    await expect(card).toContainText('بقي ١١ مكانًا');
    await expect(page.getByRole('button', { name: `إلغاء الحجز: ${EVENT}` })).toBeVisible();

    await page.goto('/directory');
    await expect(page.getByRole('heading', { name: 'الدليل', level: 1 })).toBeVisible();
    await expect(page.getByText(/\(([٠-٩]+ )?مراجع/).first()).toBeVisible();
    await expectArabicScreen(page, 'directory');

    // Everything is kept: after a reload the podcast is still liked, in Arabic.
    await page.goto('/podcasts');
    await expect(page.getByRole('button', { name: `إلغاء الإعجاب: ${PODCAST}` })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('in Arabic, on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('every content screen reads right to left', async ({ page }) => {
    await useArabic(page);
    await signInAs(page, 'member');
    for (const [path, heading, name] of [
      ['/', 'نتعلّم وننمو ونزهر معًا', 'home'],
      ['/podcasts', 'بودكاست ومقابلات', 'podcasts'],
      ['/blog', 'المدونة', 'blog'],
      ['/events', 'الفعاليات', 'events'],
      ['/directory', 'الدليل', 'directory'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await shot(page, name);
    }
    await page.goto('/blog');
    await page.getByRole('link', { name: BLOG }).click();
    await expect(page.getByRole('heading', { name: BLOG, level: 1 })).toBeVisible();
    await shot(page, 'article');
  });
});
