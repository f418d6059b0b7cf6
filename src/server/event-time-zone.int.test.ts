import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '#db/schema';
import { eventDayAndClockInFull } from '#shared/event-time';
import { messages } from '#shared/messages';
import { queueEventReminders } from './calendar';
import { createTestApp, createTestAppWithMail, type MailTestApp, type TestApp } from './test/test-app';

/**
 * Every event has its time zone: the site's unless the admin names another, carried by the
 * answers, and the mails (RSVP confirmation, waitlist promotion, reminders, in English and
 * Arabic) and their calendar files give the time the event has where it happens.
 */
const site = { name: 'Bloom Circle', url: 'https://bloom.example' };
// The Tiny Poetry Circle, years ahead: 5:30 PM UTC, 7:30 PM in Cairo's winter.
const POETRY = '2030-12-07T17:30:00.000Z';

let t: MailTestApp;
type SignedIn = Awaited<ReturnType<TestApp['signInAs']>>;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestAppWithMail({ env: { PUBLIC_URL: site.url } });
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t?.close();
});

type EventAnswer = { id: number; timeZone: string; dateTime: string };
const poetryCircle = { title: 'Tiny Poetry Circle', description: 'Bring a short poem, or just listen.', location: 'Bloom Studio', dateTime: POETRY };
const createEvent = (app: TestApp, cookie: string, payload: Record<string, unknown> = {}) =>
  app.request({ method: 'POST', url: '/api/events', cookie, payload: { ...poetryCircle, ...payload } });
const listed = async (id: number) => ((await t.request({ method: 'GET', url: '/api/events?limit=50' })).json() as EventAnswer[]).find((event) => event.id === id);

const rsvp = (id: number, who: SignedIn) => t.request({ method: 'POST', url: `/api/events/${id}/rsvp`, cookie: who.cookie });
async function arabicMember(): Promise<SignedIn> {
  const her = await t.signInAs('member');
  expect((await t.request({ method: 'PUT', url: '/api/locale', cookie: her.cookie, payload: { locale: 'ar-EG' } })).statusCode).toBe(200);
  return her;
}
async function mailTo(email: string, subject: string): Promise<ParsedMail> {
  for (let count = 1; ; count++) {
    const found = (await t.smtp.waitFor(count, email)).find((mail) => mail.subject === subject);
    if (found) return found;
  }
}
const calendarOf = (mail: ParsedMail) => mail.attachments.find((attachment) => attachment.filename === 'event.ics')!.content.toString('utf8');

describe("an event's time zone", () => {
  it("is the site's when the admin names none, is in every answer, and stays through an edit that names none", async () => {
    const created = await createEvent(t, admin.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json() as EventAnswer;
    expect(event.timeZone).toBe('Africa/Cairo');
    expect((await listed(event.id))?.timeZone).toBe('Africa/Cairo');

    const edit = (payload: Record<string, unknown>) => t.request({ method: 'PATCH', url: `/api/events/${event.id}`, cookie: admin.cookie, payload: { ...poetryCircle, ...payload } });
    expect((await edit({ title: 'Tiny Poetry Circle (Cairo)' })).json()).toMatchObject({ timeZone: 'Africa/Cairo', dateTime: POETRY });
    expect((await edit({ timeZone: 'Asia/Tokyo' })).json()).toMatchObject({ timeZone: 'Asia/Tokyo', dateTime: POETRY });
    expect((await listed(event.id))?.timeZone).toBe('Asia/Tokyo');
    const admins = (await t.request({ method: 'GET', url: '/api/admin/events', cookie: admin.cookie })).json() as EventAnswer[];
    expect(admins.find((row) => row.id === event.id)?.timeZone).toBe('Asia/Tokyo');
  });

  it('is a zone Intl knows; anything else is refused and changes nothing', async () => {
    const before = await t.db.$count(events);
    for (const timeZone of ['Mars/Olympus_Mons', '+02:00', 'EET', '', 42]) {
      const refused = await createEvent(t, admin.cookie, { timeZone });
      expect(refused.statusCode, String(timeZone)).toBe(400);
      expect(refused.json()).toEqual({ message: messages.admin.timeZoneInvalid });
    }
    expect(await t.db.$count(events)).toBe(before);
  });

  it('is SITE_TIME_ZONE when the site sets one', async () => {
    const london = await createTestApp({ env: { SITE_TIME_ZONE: 'Europe/London' }, mailWorker: false });
    try {
      const created = await createEvent(london, (await london.signInAs('admin')).cookie);
      expect(created.json()).toMatchObject({ timeZone: 'Europe/London' });
    } finally {
      await london.close();
    }
  });
});

describe('mails give the time the event has where it happens, with its zone', () => {
  it('her RSVP confirmation, in English, and its calendar file', async () => {
    const { id } = (await createEvent(t, admin.cookie)).json() as EventAnswer;
    const her = await t.signInAs('member');
    expect((await rsvp(id, her)).statusCode).toBe(200);
    const mail = await mailTo(her.user.email, "You're going: Tiny Poetry Circle");
    expect(mail.text).toContain('When: Saturday, December 7, 2030 at 7:30 PM EET. Where: Bloom Studio.');
    expect(mail.html).toContain('When: Saturday, December 7, 2030 at 7:30 PM EET. Where: Bloom Studio.');
    expect(mail.text).not.toContain('UTC');
    expect(calendarOf(mail)).toContain('DTSTART;TZID=Africa/Cairo:20301207T193000\r\n');
  });

  it("an event in another zone, in that zone's time", async () => {
    const { id } = (await createEvent(t, admin.cookie, { title: 'Tokyo tea ceremony', timeZone: 'Asia/Tokyo' })).json() as EventAnswer;
    const her = await t.signInAs('member');
    expect((await rsvp(id, her)).statusCode).toBe(200);
    const mail = await mailTo(her.user.email, "You're going: Tokyo tea ceremony");
    expect(mail.text).toContain('When: Sunday, December 8, 2030 at 2:30 AM GMT+9.');
    expect(calendarOf(mail)).toContain('DTSTART;TZID=Asia/Tokyo:20301208T023000\r\n');
  });

  it('her waitlist promotion, in Arabic', async () => {
    const { id } = (await createEvent(t, admin.cookie, { title: 'Poetry for two', maxAttendees: 1 })).json() as EventAnswer;
    const first = await t.signInAs('member');
    const waiting = await arabicMember();
    expect((await rsvp(id, first)).statusCode).toBe(200);
    expect((await rsvp(id, waiting)).json()).toMatchObject({ status: 'waitlisted' });
    expect((await t.request({ method: 'DELETE', url: `/api/events/${id}/rsvp`, cookie: first.cookie })).statusCode).toBe(200);
    const mail = await mailTo(waiting.user.email, 'أصبح لكِ مكان: Poetry for two');
    expect(mail.text).toContain('الموعد: السبت، ٧ ديسمبر ٢٠٣٠ في ٧:٣٠ م توقيت مصر. المكان: Bloom Studio.');
    expect(mail.text).not.toContain('UTC');
    expect(calendarOf(mail)).toContain('DTSTART;TZID=Africa/Cairo:20301207T193000\r\n');
  });

  it('reminders the day before, in English and in Arabic', async () => {
    const soon = new Date(Date.now() + 20 * 3_600_000);
    const { id } = (await createEvent(t, admin.cookie, { title: 'Poetry tomorrow', dateTime: soon.toISOString() })).json() as EventAnswer;
    const english = await t.signInAs('member');
    const arabic = await arabicMember();
    for (const who of [english, arabic]) expect((await rsvp(id, who)).statusCode).toBe(200);
    expect(await queueEventReminders(t.db, site)).toBe(2);

    const inEnglish = await mailTo(english.user.email, 'Tomorrow: Poetry tomorrow');
    expect(inEnglish.text).toContain(`When: ${eventDayAndClockInFull(soon, 'Africa/Cairo', 'en')}. Where: Bloom Studio.`);
    expect(inEnglish.text).toMatch(/ [AP]M EES?T\. Where/);
    const inArabic = await mailTo(arabic.user.email, 'غدًا: Poetry tomorrow');
    expect(inArabic.text).toContain(`الموعد: ${eventDayAndClockInFull(soon, 'Africa/Cairo', 'ar-EG')}. المكان: Bloom Studio.`);
    expect(inArabic.text).toContain('توقيت مصر');
    expect(calendarOf(inArabic)).toContain('DTSTART;TZID=Africa/Cairo:');
  });
});
