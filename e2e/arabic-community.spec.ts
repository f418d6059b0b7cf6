import type { Page } from '@playwright/test';
import { expect, expectFitsScreen, expectNoSeriousAxeFindings, signInAs, test, useArabic } from './fixtures';

// The community in Arabic: the hub, the forum, places to go, the newsletter, the guidelines and
// Reports and blocks, read right to left and fitting a phone.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

// A demo forum post by another member (db/seed/community.ts).
const ZEINA_POST = 'Morning routines that actually stick';
const ZEINA = 'Zeina F.';

/** Screenshots for a person to look at, when E2E_SCREENSHOTS names a folder for them. */
const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
};

async function expectArabicPage(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-EG');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/** The page is Arabic, has its heading, passes axe and fits the screen. */
async function checkPage(page: Page, path: string, heading: string, name: string) {
  await page.goto(path);
  await expectArabicPage(page);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectNoSeriousAxeFindings(page, `${path} in Arabic`);
  await expectFitsScreen(page, `${path} in Arabic`);
  await shot(page, name);
}

test.describe('at 390px', () => {
  test.use({ viewport: PHONE });

  test('in Arabic, a member writes a forum post and reports another member’s post, then finds her report', async ({ page }) => {
    await useArabic(page);
    await signInAs(page, 'member');

    await checkPage(page, '/community-hub', 'ملتقى المجتمع', 'hub');
    await expect(page.getByRole('heading', { name: 'استكشفي المجتمع' })).toBeVisible();
    await page.getByRole('link', { name: 'شاركي في النقاشات' }).click();
    await expect(page).toHaveURL(/\/community\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'منتدى النقاش' })).toBeVisible();
    await expectNoSeriousAxeFindings(page, 'the forum in Arabic');
    await expectFitsScreen(page, 'the forum in Arabic');
    await shot(page, 'forum');

    // A post, written in Arabic.
    await page.getByRole('button', { name: 'منشور جديد' }).click();
    await expect(page.getByRole('heading', { name: 'ابدئي نقاشًا' })).toBeVisible();
    const title = `نصائح لأول يوم في الجامعة ${Date.now()}`;
    await page.getByLabel('العنوان').fill(title);
    await page.getByLabel('التصنيف').click();
    await page.getByRole('option', { name: 'الدراسة والعمل' }).click();
    await page.getByLabel('المحتوى', { exact: true }).fill('محاضرتي الأولى يوم الاثنين. ماذا كنتِ تتمنين أن تعرفي في يومك الأول؟');
    await shot(page, 'forum-new-post');
    await page.getByRole('button', { name: 'انشري' }).click();
    const mine = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(mine).toBeVisible();
    await expect(mine.getByText('أنتِ', { exact: true })).toBeVisible();
    await expect(mine.getByText('الآن', { exact: true })).toBeVisible();
    await expect(mine.getByText('الدراسة والعمل', { exact: true })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'لا تعليقات' })).toBeVisible();
    await expectFitsScreen(page, 'the forum with her post');

    // Another member's post, reported from its menu.
    const zeinas = page.getByRole('article').filter({ has: page.getByRole('heading', { name: ZEINA_POST }) });
    await zeinas.getByRole('button', { name: `المزيد من الخيارات لمنشور ${ZEINA}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['الإبلاغ عن المنشور', `الإبلاغ عن ${ZEINA}`, `حظر ${ZEINA}`]);
    await shot(page, 'forum-menu');
    await menu.getByRole('menuitem', { name: 'الإبلاغ عن المنشور' }).click();
    const dialog = page.getByRole('dialog', { name: 'الإبلاغ عن هذا المنشور' });
    await expect(dialog.getByText('ما المشكلة؟')).toBeVisible();
    await dialog.getByRole('button', { name: 'أرسلي البلاغ' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('من فضلك اختاري سببًا');
    await dialog.getByLabel('إيذاء النفس أو شخص في خطر').check();
    await expect(dialog.getByText('إن كان أحد في خطر الآن', { exact: false })).toBeVisible();
    await dialog.getByLabel('رسائل مزعجة أو إعلانات').check();
    await dialog.getByLabel('هل هناك ما يجب أن نعرفه أيضًا؟ (اختياري)').fill('تنشر الإعلان نفسه كل يوم');
    await expect(dialog.getByText('٢٤/١٠٠٠')).toBeVisible();
    await expectNoSeriousAxeFindings(page, 'the report dialog in Arabic');
    await shot(page, 'report-dialog');
    await dialog.getByRole('button', { name: 'أرسلي البلاغ' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: 'تم إرسال البلاغ' }).first()).toBeVisible();

    // Reports and blocks lists it, in Arabic.
    await checkPage(page, '/settings/safety', 'البلاغات والحظر', 'safety');
    const report = page.getByRole('region', { name: 'بلاغاتك' }).getByRole('listitem').filter({ hasText: ZEINA_POST });
    await expect(report.getByText('منشور في المنتدى')).toBeVisible();
    await expect(report.getByText('رسائل مزعجة أو إعلانات')).toBeVisible();
    await expect(report.getByText('قيد المراجعة', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'العضوات اللواتي حظرتِهن' })).toBeVisible();
  });
});

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the community’s other pages read right to left in Arabic and fit the screen', async ({ page }) => {
      await useArabic(page);
      await checkPage(page, '/community/places-to-go', 'أماكن نحبها', 'places');
      await expect(page.getByRole('group', { name: 'التصفية حسب التصنيف' }).getByRole('button', { name: 'الكل' })).toBeVisible();
      await checkPage(page, '/community/newsletter', 'النشرة البريدية', 'newsletter');
      await expect(page.getByRole('heading', { name: 'ماذا سيصلك' })).toBeVisible();
      await checkPage(page, '/guidelines', 'إرشادات المجتمع', 'guidelines');
      await expect(page.getByRole('heading', { level: 2, name: 'كوني لطيفة' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'findahelpline.com' })).toHaveAttribute('href', 'https://findahelpline.com');
      await checkPage(page, '/newsletter/unsubscribe', 'إلغاء الاشتراك', 'unsubscribe');
      // A visitor is asked to sign in, in Arabic.
      await checkPage(page, '/settings/safety', 'البلاغات والحظر', 'safety-visitor');
      await expect(page.getByText('سجّلي الدخول لتري بلاغاتك ومن حظرتِهن.')).toBeVisible();

      await signInAs(page, 'member');
      await checkPage(page, '/community', 'ملتقى المجتمع', 'hub-member');
      await checkPage(page, '/community/blog', 'منتدى النقاش', 'forum-member');
      const zeinas = page.getByRole('article').filter({ has: page.getByRole('heading', { name: ZEINA_POST }) });
      await zeinas.getByRole('button', { name: /تعليق/ }).click();
      await expect(zeinas.getByLabel('اكتبي تعليقًا')).toBeVisible();
      await shot(page, 'forum-comments');
    });
  });
}
