import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectToast, siteUrl, test, useArabic } from './fixtures';

/**
 * Every event shows the time it has where it happens, with its zone's short name, whatever the
 * zone of the reader's browser: the server-drawn page and the page after hydration say the same
 * (no hydration warning), in English and Arabic. The admin enters an event's time as clocks
 * show it in the event's zone.
 */

// The Tiny Poetry Circle in Cairo: 5:30 PM UTC, 7:30 PM EET.
const POETRY = '2031-12-06T17:30:00.000Z';
const CARD = {
  en: { date: 'Dec 6, 2031', time: '7:30 PM EET', language: 'en' },
  'ar-EG': { date: '٦ ديسمبر ٢٠٣١', time: '٧:٣٠ م توقيت مصر', language: 'ar-EG' },
} as const;

/** Signs the page's context in as the demo admin. */
async function asAdmin(page: Page) {
  expect((await page.request.post('/api/login', { data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).ok()).toBe(true);
}

let poetryCircle: Promise<{ id: number; title: string }> | undefined;
/** The event, made once per site through the API, in the site's zone (Cairo). */
function thePoetryCircle(browser: Browser) {
  poetryCircle ??= (async () => {
    const context = await browser.newContext({ baseURL: siteUrl() });
    const page = await context.newPage();
    await asAdmin(page);
    const title = `Tiny Poetry Circle ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/events', {
      data: { title, description: 'Bring a short poem, or just listen.', location: 'Bloom Studio, 12 Garden Street', dateTime: POETRY, price: '0' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id, timeZone } = (await created.json()) as { id: number; timeZone: string };
    expect(timeZone).toBe('Africa/Cairo');
    await context.close();
    return { id, title };
  })();
  return poetryCircle;
}

/** The date and time an event's card shows. */
async function cardTimes(page: Page, title: string) {
  const card = page.locator('div').filter({ has: page.getByRole('heading', { name: title, level: 3 }) }).last();
  const [date, time] = await card.locator('dd').allInnerTexts();
  return { date, time };
}

for (const timezoneId of ['America/New_York', 'Asia/Tokyo']) {
  test.describe(`a reader whose browser is in ${timezoneId}`, () => {
    test.use({ timezoneId });

    for (const expected of Object.values(CARD)) {
      test(`sees the event's Cairo time, the same before and after hydration (${expected.language})`, async ({ page, browser }) => {
        const { id, title } = await thePoetryCircle(browser);
        if (expected.language === 'ar-EG') await useArabic(page);
        // The pages as the server drew them, before any script runs, in a browser in the same zone.
        const before = await browser.newContext({ timezoneId, javaScriptEnabled: false, baseURL: siteUrl() });
        await before.addCookies(await page.context().cookies());
        const drawn = await before.newPage();

        await drawn.goto(`/events?event=${id}`);
        expect(await cardTimes(drawn, title)).toEqual({ date: expected.date, time: expected.time });
        await page.goto(`/events?event=${id}`);
        await expect(page.locator('html')).toHaveAttribute('lang', expected.language);
        expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
        expect(await cardTimes(page, title)).toEqual({ date: expected.date, time: expected.time });

        // Every card of the list, the demo events' too, reads the same once React has hydrated it.
        await drawn.goto('/events');
        const served = await drawn.locator('dl').allInnerTexts();
        expect(served.length).toBeGreaterThan(0);
        await page.goto('/events');
        await expect(page.locator('dl')).toHaveCount(served.length);
        expect(await page.locator('dl').allInnerTexts()).toEqual(served);
        await before.close();
        // No hydration warning and no console error: the consoleErrors fixture checks as the journey ends.
      });
    }

    test('the admin enters a time in the event’s zone, not her browser’s', async ({ page }) => {
      await asAdmin(page);
      const title = `Tokyo Tea Ceremony ${Date.now().toString(36)}`;
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Events' }).click();
      await page.getByRole('button', { name: 'Add Event' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Event' });
      // A new event starts in the site's zone, whatever her browser's.
      await expect(dialog.getByLabel('Time zone')).toHaveValue('Africa/Cairo');
      await expect(dialog.getByText('The site’s zone is Africa/Cairo.')).toBeVisible();
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Description').fill('Matcha, sweets and a quiet hour.');
      await dialog.getByLabel('Location').fill('Kyoto House');
      await dialog.getByLabel('Date and time').fill('2031-12-07T02:30');
      await dialog.getByLabel('Time zone').selectOption('Asia/Tokyo');
      await dialog.getByRole('button', { name: 'Add Event' }).click();
      await expectToast(page, 'Event Created');
      // 2:30 AM in Tokyo is 5:30 PM UTC the day before.
      const card = page.locator('div').filter({ has: page.getByRole('heading', { name: title }) }).filter({ has: page.getByRole('button', { name: `Edit ${title}` }) }).last();
      await expect(card).toContainText('Sun, Dec 7, 2031, 2:30 AM GMT+9');

      const listed = (await (await page.request.get('/api/admin/events?limit=50')).json()) as { title: string; dateTime: string; timeZone: string }[];
      expect(listed.find((event) => event.title === title)).toMatchObject({ dateTime: POETRY, timeZone: 'Asia/Tokyo' });

      // Editing shows the same local time in its zone, and keeps it.
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Event' });
      await expect(edit.getByLabel('Date and time')).toHaveValue('2031-12-07T02:30');
      await expect(edit.getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
      await edit.getByRole('button', { name: 'Update' }).click();
      await expectToast(page, 'Event Updated');
      const again = (await (await page.request.get('/api/admin/events?limit=50')).json()) as { title: string; dateTime: string }[];
      expect(again.find((event) => event.title === title)?.dateTime).toBe(POETRY);
    });
  });
}
