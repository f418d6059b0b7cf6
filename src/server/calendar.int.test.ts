import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#db/schema';
import { messages } from '#shared/messages';
import { queueEventReminders } from './calendar';
import { createEvent, DAY } from './test/content-factories';
import { createTestApp, type TestApp } from './test/test-app';

/** Calendars read by a real iCalendar parser (ical.js): one event's file, her private feed, and reminders sent once. */
let t: TestApp;
type SignedIn = Awaited<ReturnType<TestApp['signInAs']>>;
let member: SignedIn;
const site = { name: 'Bloom Circle', url: 'https://bloom.example' };

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: site.url }, mailWorker: false });
  member = await t.signInAs('member');
});
afterAll(() => t.close());

/** The VEVENTs of an iCalendar document, as ical.js reads them. */
function eventsIn(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}
const rsvp = (id: number, who: SignedIn) => t.request({ method: 'POST', url: `/api/events/${id}/rsvp`, cookie: who.cookie });

describe("'Add to calendar'", () => {
  it('answers one event as an RFC 5545 file, in UTC, with a stable UID', async () => {
    const dateTime = new Date('2030-03-14T17:30:00Z');
    const event = await createEvent(t.db, { title: 'Pi day picnic; bring snacks', dateTime, location: 'Al-Azhar Park, Cairo' });
    const response = await t.request({ method: 'GET', url: `/api/events/${event.id}/ics` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="event-${event.id}.ics"`);
    const [parsed] = eventsIn(response.body);
    expect(parsed!.summary).toBe('Pi day picnic; bring snacks');
    expect(parsed!.location).toBe('Al-Azhar Park, Cairo');
    expect(parsed!.startDate.toJSDate().toISOString()).toBe(dateTime.toISOString());
    expect(parsed!.startDate.zone?.tzid).toBe('UTC');
    expect(parsed!.uid).toBe(`event-${event.id}@bloom.example`);
    expect((await t.request({ method: 'GET', url: '/api/events/999999/ics' })).statusCode).toBe(404);
  });

  it('comes with her RSVP confirmation mail, as an attachment', async () => {
    const event = await createEvent(t.db, { title: 'Study circle', dateTime: new Date(Date.now() + 5 * DAY) });
    expect((await rsvp(event.id, member)).statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, "You're going: Study circle"));
    expect(mail?.recipient).toBe(member.user.email);
    const [attachment] = mail!.attachments!;
    expect(attachment!.filename).toBe('event.ics');
    expect(eventsIn(attachment!.content)[0]!.summary).toBe('Study circle');
  });
});

describe('her private calendar feed', () => {
  it('lists the events she attends, at an address only she has; a new address retires the old', async () => {
    const going = await createEvent(t.db, { title: 'Book swap', dateTime: new Date(Date.now() + 6 * DAY), maxAttendees: 1 });
    const waiting = await createEvent(t.db, { title: 'Full yoga class', dateTime: new Date(Date.now() + 7 * DAY), maxAttendees: 1 });
    await rsvp(going.id, member);
    await rsvp(waiting.id, await t.signInAs('member'));
    await rsvp(waiting.id, member);

    const { url } = (await t.request({ method: 'POST', url: '/api/calendar/feed', cookie: member.cookie })).json() as { url: string };
    expect(url).toMatch(/^https:\/\/bloom\.example\/calendar\/[a-z0-9]+\.ics$/);
    const path = new URL(url).pathname;
    const feed = await t.request({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const titles = eventsIn(feed.body).map((event) => event.summary);
    expect(titles).toContain('Book swap');
    expect(titles).not.toContain('Full yoga class');

    await t.request({ method: 'POST', url: '/api/calendar/feed', cookie: member.cookie });
    const old = await t.request({ method: 'GET', url: path });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: messages.events.calendarNotFound });
    expect((await t.request({ method: 'GET', url: '/calendar/forgedtokenforgedtokenforged.ics' })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/calendar/feed' })).statusCode).toBe(401);
  });
});

describe('reminders', () => {
  it('queue one mail per attendee of an event within 24 hours, once, even when two processes look at the same time', async () => {
    const tomorrow = await createEvent(t.db, { title: 'Tomorrow’s craft night', dateTime: new Date(Date.now() + 20 * 3_600_000) });
    const later = await createEvent(t.db, { title: 'Next week’s walk', dateTime: new Date(Date.now() + 6 * DAY) });
    const others = [await t.signInAs('member'), await t.signInAs('member')];
    for (const who of [member, ...others]) await rsvp(tomorrow.id, who);
    await rsvp(later.id, member);
    // One attendee changed her mind: no reminder for her.
    await t.request({ method: 'DELETE', url: `/api/events/${tomorrow.id}/rsvp`, cookie: others[1]!.cookie });

    await Promise.all([queueEventReminders(t.db, site), queueEventReminders(t.db, site)]);
    await queueEventReminders(t.db, site);
    const reminders = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'event_reminder'));
    expect(reminders.map((mail) => mail.subject)).toEqual(['Tomorrow: Tomorrow’s craft night', 'Tomorrow: Tomorrow’s craft night']);
    expect(reminders.map((mail) => mail.recipient).sort()).toEqual([member.user.email, others[0]!.user.email].sort());
  });
});
