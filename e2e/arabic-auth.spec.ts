import type { Page } from '@playwright/test';
import { messages } from '#shared/messages';
import { DEMO_ACCOUNTS, expect, expectFitsScreen, expectNoSeriousAxeFindings, expectToast, inArabic, signInAs, test, useArabic, saveScreenshot } from './fixtures';

/**
 * The way in, in Arabic: the landing page, the application and the sign-in form read in Arabic,
 * right to left, from the server's first paint to the answers the server gives. A visitor applies
 * and a member signs in without meeting a word of English, on a phone as on a computer.
 */

const PHONE = { width: 390, height: 844 };
/** The page is Arabic and reads right to left. */
async function expectArabicPage(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-EG');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/** axe finds nothing serious, and nothing is wider than a phone's screen. */
async function checkOnPhone(page: Page, where: string) {
  await expectNoSeriousAxeFindings(page, `${where} in Arabic`);
  await expectFitsScreen(page, `${where} in Arabic`);
}

test('in Arabic, a visitor reads the landing page and applies through the form', async ({ page }) => {
  await useArabic(page);
  await page.setViewportSize(PHONE);
  const email = `salma.${Date.now()}@example.com`;

  await page.goto('/');
  await expectArabicPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'نتعلّم وننمو ونتفتّح معًا' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ابدئي اليوم' })).toBeVisible();
  await checkOnPhone(page, 'the landing page');
  await saveScreenshot(page, 'ar-landing-phone', { fullPage: true });

  await page.getByRole('link', { name: 'انضمي إلى مجتمعنا' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'انضمي إلى مجتمعنا' })).toBeVisible();
  // No top bar here: the language switch is on the page itself, offering English.
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await checkOnPhone(page, 'the application form');

  // An empty application: each field's message at its field, in Arabic, the focus on the first.
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  const firstName = page.getByLabel('الاسم الأول');
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAccessibleDescription(inArabic(() => messages.signup.firstNameRequired));
  await expect(page.getByLabel('كلمة المرور', { exact: true })).toHaveAccessibleDescription(new RegExp(`${inArabic(() => messages.signup.passwordLength)}$`));
  await expect(page.getByRole('checkbox', { name: 'أوافق على إرشادات المجتمع' })).toHaveAccessibleDescription(inArabic(() => messages.signup.acceptGuidelines));
  await saveScreenshot(page, 'ar-signup-errors-phone', { fullPage: true });

  await firstName.fill('سلمى');
  await page.getByLabel('اسم العائلة').fill('منصور');
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill('Jasmine2026');
  await page.getByLabel('العمر').fill('16');
  await page.getByLabel('الاهتمامات والهوايات').fill('الرسم والقراءة والسباحة');
  await page.getByLabel('نبذة قصيرة').fill('أحب الرسم وأبحث عن صديقات يشاركنني اهتماماتي في القاهرة.');
  await page.getByRole('checkbox', { name: 'أوافق على إرشادات المجتمع' }).check();
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();

  // The form gives way to what happens next, in Arabic: the server's answer too.
  await expect(page.getByRole('heading', { name: 'شكرًا لتقديم طلبك' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: inArabic(() => messages.signup.success('Bloom Circle')) })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ماذا يحدث بعد ذلك' })).toBeVisible();
  await expect(page.getByText(`نراسلك على ${email} فور اتخاذ القرار.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'إرسال الطلب' })).toHaveCount(0);
  await checkOnPhone(page, 'the application sent');
  await saveScreenshot(page, 'ar-signup-sent-phone', { fullPage: true });
});

test('in Arabic, a member signs in through the form and lands on Home', async ({ page }) => {
  await useArabic(page);
  await page.setViewportSize(PHONE);
  const { email, password, firstName, lastName } = DEMO_ACCOUNTS.member;

  await page.goto('/login');
  await expectArabicPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'أهلًا بعودتك' })).toBeVisible();
  await checkOnPhone(page, 'the sign-in form');
  await saveScreenshot(page, 'ar-login-phone', { fullPage: true });

  // A refusal is worded by the server in her language.
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill('NotThePassword1');
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expectToast(page, inArabic(() => messages.login.failedTitle), inArabic(() => messages.login.invalidCredentials));

  await page.getByLabel('كلمة المرور', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expectToast(page, inArabic(() => messages.login.successTitle));
  await expect(page).toHaveURL(/\/$/);
  await expectArabicPage(page);
  await expect(page.getByRole('button', { name: `قائمة الحساب: ${firstName} ${lastName}` })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('link', { name: 'الرئيسية', exact: true })).toHaveAttribute('aria-current', 'page');
  await saveScreenshot(page, 'ar-home-desktop', { fullPage: true });

  // Her account menu reads right to left too.
  await page.getByRole('button', { name: /قائمة الحساب/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toHaveAttribute('dir', 'rtl');
  await expect(menu.getByRole('menuitem', { name: 'إعدادات الملف الشخصي' })).toBeVisible();
  await saveScreenshot(page, 'ar-account-menu-desktop', { fullPage: true });
  await page.keyboard.press('Escape');
});

test('the sign-in pages switch language on the page itself', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'أهلًا بعودتك' })).toBeVisible();
  await expectArabicPage(page);

  // The choice holds on the next page, the admin sign-in too, and switches back from there.
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل دخول الإدارة' })).toBeVisible();
  await expectNoSeriousAxeFindings(page, 'the admin sign-in in Arabic');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin sign-in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('in Arabic, her account pages read right to left and fit a phone', async ({ page }) => {
  await useArabic(page);
  await page.setViewportSize(PHONE);

  // The links a mail opens, before she is signed in.
  await page.goto('/forgot-password');
  await expectArabicPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'نسيتِ كلمة المرور؟' })).toBeVisible();
  await page.getByLabel('البريد الإلكتروني').fill('nobody@example.com');
  await page.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }).click();
  await expect(page.getByRole('status').filter({ hasText: inArabic(() => messages.account.resetRequested) })).toBeVisible();
  await checkOnPhone(page, 'the password reset request');
  await saveScreenshot(page, 'ar-forgot-password-phone', { fullPage: true });

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'لا يمكن استخدام هذا الرابط' })).toBeVisible();
  await checkOnPhone(page, 'an unusable reset link');

  await page.goto('/confirm-email');
  await expect(page.getByRole('heading', { level: 1, name: 'أكّدي بريدك الإلكتروني الجديد' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(inArabic(() => messages.account.emailConfirmInvalid));
  await checkOnPhone(page, 'an unusable confirmation link');

  // Her settings, signed in.
  await signInAs(page, 'member');
  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'إعدادات الملف الشخصي' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'أجهزتك' })).toBeVisible();
  // The server names her devices in her language too.
  await expect(page.getByText('هذا الجهاز', { exact: true })).toBeVisible();
  await expect(page.getByText(/Chrome على \w+/).first()).toBeVisible();
  await checkOnPhone(page, 'Profile Settings');
  await saveScreenshot(page, 'ar-profile-phone', { fullPage: true });

  // A rule broken in the form is said in Arabic at its field.
  const passwordChange = page.getByRole('region', { name: 'تغيير كلمة المرور' });
  await passwordChange.getByLabel('كلمة المرور الحالية').fill('BloomMember1');
  await passwordChange.getByLabel('كلمة المرور الجديدة').fill('bloom2024x');
  await passwordChange.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(passwordChange.getByLabel('كلمة المرور الجديدة')).toHaveAccessibleDescription(new RegExp(`${inArabic(() => messages.signup.passwordUppercase)}$`));

  await page.getByRole('button', { name: 'حذف حسابي' }).click();
  await expect(page.getByRole('dialog', { name: 'هل تريدين حذف حسابك؟' })).toBeVisible();
  await saveScreenshot(page, 'ar-delete-dialog-phone', { fullPage: true });
  await page.getByRole('button', { name: 'إلغاء' }).click();

  await page.goto('/settings/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'إعدادات النشرة البريدية' })).toBeVisible();
  await expect(page.getByText(`تُرسَل إلى ${DEMO_ACCOUNTS.member.email}، البريد الإلكتروني لحسابك.`)).toBeVisible();
  await checkOnPhone(page, 'Newsletter Settings');
  await saveScreenshot(page, 'ar-newsletter-phone', { fullPage: true });
});
