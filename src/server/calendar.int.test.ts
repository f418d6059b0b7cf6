import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#db/schema';
import { messages } from '#shared/messages';
import { queueEventReminders, queueSomeEventReminders } from './calendar';
import { createEvent, DAY } from './test/content-factories';
import { createTestApp, createTestAppWithMail, type MailTestApp, type TestApp } from './test/test-app';

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

/** The VEVENTs of an iCalendar document, as ical.js reads them, with the zones the document defines. */
function eventsIn(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}
const rsvp = (id: number, who: SignedIn) => t.request({ method: 'POST', url: `/api/events/${id}/rsvp`, cookie: who.cookie });

describe("'Add to calendar'", () => {
  it("answers one event as an RFC 5545 file, in the event's zone, with a stable UID", async () => {
    const dateTime = new Date('2030-03-14T17:30:00Z');
    const event = await createEvent(t.db, { title: 'Pi day picnic; bring snacks', dateTime, timeZone: 'Africa/Cairo', location: 'Al-Azhar Park, Cairo' });
    const response = await t.request({ method: 'GET', url: `/api/events/${event.id}/ics` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="event-${event.id}.ics"`);
    const [parsed] = eventsIn(response.body);
    expect(parsed!.summary).toBe('Pi day picnic; bring snacks');
    expect(parsed!.location).toBe('Al-Azhar Park, Cairo');
    expect(parsed!.startDate.toJSDate().toISOString()).toBe(dateTime.toISOString());
    // 7:30 PM where it happens, which the file says in so many words.
    expect(parsed!.startDate.zone?.tzid).toBe('Africa/Cairo');
    expect(response.body).toContain('DTSTART;TZID=Africa/Cairo:20300314T193000\r\n');
    expect(response.body).toContain('BEGIN:VTIMEZONE\r\nTZID:Africa/Cairo\r\n');
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

  it('reach every attendee of a popular event over several short transactions, each attendee once, with two processes sweeping', async () => {
    const popular = await createEvent(t.db, { title: 'Tomorrow’s big picnic', dateTime: new Date(Date.now() + 10 * 3_600_000) });
    const attendees = [member, ...(await Promise.all(Array.from({ length: 4 }, () => t.signInAs('member'))))];
    for (const who of attendees) await rsvp(popular.id, who);

    // One transaction claims two of the five; two sweeps of two a transaction share the rest.
    expect(await queueSomeEventReminders(t.db, site, 2)).toBe(2);
    const queued = await Promise.all([queueEventReminders(t.db, site, 2), queueEventReminders(t.db, site, 2)]);
    expect(queued[0] + queued[1]).toBe(3);
    expect(await queueEventReminders(t.db, site, 2)).toBe(0);
    const reminders = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Tomorrow: Tomorrow’s big picnic'));
    expect(reminders.map((mail) => mail.recipient).sort()).toEqual(attendees.map((who) => who.user.email).sort());
  });
});

describe('every text in a calendar is escaped (RFC 5545)', () => {
  // An admin's event whose texts try to add an attendee and properties of their own.
  const injected = {
    title: 'Picnic; bring snacks, \\o/\r\nATTENDEE;CN=Stranger;RSVP=TRUE:mailto:x@y\r\nX-EVIL:1',
    description: 'Meet at the gate.\nATTENDEE;ROLE=REQ-PARTICIPANT:mailto:x@y\rX-EVIL:1\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM',
    location: 'Al-Azhar Park, gate 2\r\nATTENDEE:mailto:x@y\r\nX-EVIL:1',
  };
  /** TEXT has one line break, `\n`: CRLF and CR come back as it. */
  const asRead = (text: string) => text.replace(/\r\n?/g, '\n');

  let app: MailTestApp;
  beforeAll(async () => {
    app = await createTestAppWithMail({ env: { PUBLIC_URL: site.url } });
  });
  afterAll(() => app?.close());

  /** Every property name in the document, its components' included, and the components' names. */
  function namesIn(component: ICAL.Component): string[] {
    return [component.name, ...component.getAllProperties().map((property) => property.name), ...component.getAllSubcomponents().flatMap(namesIn)];
  }
  /** NAME and X-WR-CALNAME (RFC 7986, Apple) are TEXT; ical.js hands them over undecoded. */
  const calendarName = (calendar: ICAL.Component, property: string) => ICAL.design.icalendar.value.text!.fromICAL!(String(calendar.getFirstPropertyValue(property)));

  function expectOnlyTheEvent(text: string, name: string) {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const names = namesIn(calendar);
    expect(names).not.toContain('attendee');
    expect(names).not.toContain('x-evil');
    expect(names).not.toContain('valarm');
    expect(calendar.getAllProperties().map((property) => property.name).sort()).toEqual(['name', 'prodid', 'version', 'x-wr-calname']);
    expect(calendarName(calendar, 'name')).toBe(asRead(name));
    expect(calendarName(calendar, 'x-wr-calname')).toBe(asRead(name));
    // Besides the event, only the definition of its zone.
    const [vevent, ...others] = calendar.getAllSubcomponents('vevent');
    expect(others).toEqual([]);
    expect(calendar.getAllSubcomponents().map((component) => component.name)).toEqual(['vtimezone', 'vevent']);
    expect(vevent!.getAllProperties().map((property) => property.name).sort()).toEqual(['description', 'dtend', 'dtstamp', 'dtstart', 'location', 'sequence', 'summary', 'uid', 'url']);
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe(asRead(injected.title));
    expect(event.description).toBe(asRead(injected.description));
    expect(event.location).toBe(asRead(injected.location));
  }

  it("holds in the event's file, her feed, her RSVP confirmation and her reminder", async () => {
    const admin = await app.signInAs('admin');
    const dateTime = new Date(Date.now() + 20 * 3_600_000).toISOString();
    const created = await app.request({ method: 'POST', url: '/api/events', cookie: admin.cookie, payload: { ...injected, dateTime } });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;

    const file = await app.request({ method: 'GET', url: `/api/events/${id}/ics` });
    expect(file.statusCode).toBe(200);
    expectOnlyTheEvent(file.body, injected.title);

    const her = await app.signInAs('member');
    expect((await app.request({ method: 'POST', url: `/api/events/${id}/rsvp`, cookie: her.cookie })).statusCode).toBe(200);
    const { url } = (await app.request({ method: 'POST', url: '/api/calendar/feed', cookie: her.cookie })).json() as { url: string };
    const feed = await app.request({ method: 'GET', url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    expectOnlyTheEvent(feed.body, 'Bloom Circle events');

    const attachmentOf = (mail: (typeof app.smtp.delivered)[number]) => {
      const ics = mail.attachments.find((attachment) => attachment.filename === 'event.ics');
      expect(ics, mail.subject).toBeDefined();
      return ics!.content.toString('utf8');
    };
    const [confirmation] = await app.smtp.waitFor(1, her.user.email);
    expectOnlyTheEvent(attachmentOf(confirmation!), injected.title);

    expect(await queueEventReminders(app.db, site)).toBe(1);
    const [, reminder] = await app.smtp.waitFor(2, her.user.email);
    expectOnlyTheEvent(attachmentOf(reminder!), injected.title);
  });
});
