import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventRsvps, mailOutbox } from '#db/schema';
import { messages } from '#shared/messages';
import { createEvent, DAY } from '#server/test/content-factories';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
let member: { cookie: string; user: { id: number } };
let admin: { cookie: string; user: { id: number } };
let soon: number;
let later: number;
let past: number;
let small: number;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.signInAs('member');
  admin = await t.signInAs('admin');
  const now = Date.now();
  later = (await createEvent(t.db, { title: 'Later', dateTime: new Date(now + 30 * DAY), maxAttendees: 50, price: '15' })).id;
  soon = (await createEvent(t.db, { title: 'Soon', dateTime: new Date(now + 2 * DAY) })).id;
  small = (await createEvent(t.db, { title: 'Small', dateTime: new Date(now + 10 * DAY), maxAttendees: 1 })).id;
  past = (await createEvent(t.db, { title: 'Last month', dateTime: new Date(now - 30 * DAY) })).id;
  await createEvent(t.db, { title: 'Last week', dateTime: new Date(now - 7 * DAY) });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const rsvp = (id: number | string, cookie?: string) => t.request({ method: 'POST', url: `/api/events/${id}/rsvp`, payload: {}, cookie });
const titles = (body: { title: string }[]) => body.map((e) => e.title);

describe('GET /api/events', () => {
  it('lists upcoming events soonest first in the documented shape', async () => {
    const list = (await get('/api/events')).json();
    expect(titles(list)).toEqual(['Soon', 'Small', 'Later']);
    expect(Object.keys(list[2]).sort()).toEqual(['attendees', 'dateTime', 'description', 'id', 'images', 'location', 'maxAttendees', 'price', 'spotsLeft', 'tags', 'timeZone', 'title']);
    expect(list[2]).toMatchObject({ spotsLeft: 50 });
    expect(list[2]).toMatchObject({ price: '15', maxAttendees: 50, attendees: 0 });
  });

  it('lists past events latest first with upcoming=false', async () => {
    expect(titles((await get('/api/events?upcoming=false')).json())).toEqual(['Last week', 'Last month']);
    expect(titles((await get('/api/events?upcoming=true&limit=1')).json())).toEqual(['Soon']);
  });

  it('refuses a bad upcoming flag with 400', async () => {
    const response = await get('/api/events?upcoming=yes');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'upcoming must be true or false' });
  });
});

describe('content.events.byId', () => {
  const byId = (id: number) => get(`/trpc/content.events.byId?input=${encodeURIComponent(JSON.stringify({ id }))}`);
  it('answers one event, upcoming or past, as the lists show it, and 404 for an unknown one', async () => {
    expect((await byId(later)).json().result.data).toEqual((await get('/api/events')).json().find((e: { id: number }) => e.id === later));
    expect((await byId(past)).json().result.data).toMatchObject({ id: past, title: 'Last month', spotsLeft: null });
    expect((await byId(999999)).statusCode).toBe(404);
  });
});

describe('POST /api/events/{id}/rsvp', () => {
  it('answers 401 signed out and stores nothing', async () => {
    expect((await rsvp(soon)).statusCode).toBe(401);
    expect(await t.db.select().from(eventRsvps)).toHaveLength(0);
  });

  it('signs the member up once, however often she asks, and lists her RSVP', async () => {
    const first = await rsvp(soon, member.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ userId: member.user.id, status: 'attending', position: null });
    expect((await rsvp(soon, member.cookie)).json()).toEqual({ userId: member.user.id, status: 'attending', position: null });
    expect((await get(`/api/events/${soon}/rsvps`, member.cookie)).json()).toEqual([{ userId: member.user.id, status: 'attending', position: null }]);
    expect(titles((await get('/api/events')).json())).toContain('Soon');
    expect((await get('/api/events')).json().find((e: { id: number }) => e.id === soon).attendees).toBe(1);
  });

  it('refuses a past event with 400', async () => {
    const response = await rsvp(past, member.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.events.eventPast });
  });

  it('puts a member on the waitlist of a full event with her place, and lets the member who holds the spot repeat', async () => {
    const other = await t.signInAs('member');
    expect((await rsvp(small, other.cookie)).statusCode).toBe(200);
    const response = await rsvp(small, member.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: member.user.id, status: 'waitlisted', position: 1, message: messages.events.waitlisted(1) });
    expect((await rsvp(small, member.cookie)).json()).toMatchObject({ status: 'waitlisted', position: 1 });
    expect((await get(`/api/events/${small}/rsvps`, member.cookie)).json()).toEqual([{ userId: member.user.id, status: 'waitlisted', position: 1 }]);
    expect((await rsvp(small, other.cookie)).json()).toMatchObject({ status: 'attending' });
    // The waitlist takes no spot.
    expect((await get('/api/events')).json().find((e: { id: number }) => e.id === small).attendees).toBe(1);
  });

  it('gives the last spot to exactly one of several members asking at once; the others wait in order', async () => {
    const lastSpot = (await createEvent(t.db, { title: 'Last spot', dateTime: new Date(Date.now() + 3 * DAY), maxAttendees: 1 })).id;
    const members = await Promise.all([t.signInAs('member'), t.signInAs('member'), t.signInAs('member')]);
    const answers = (await Promise.all(members.map((m) => rsvp(lastSpot, m.cookie)))).map((r) => r.json() as { status: string; position: number | null });
    expect(answers.map((answer) => answer.status).sort()).toEqual(['attending', 'waitlisted', 'waitlisted']);
    expect(answers.map((answer) => answer.position).sort()).toEqual([1, 2, null]);
    const all = (await get(`/api/events/${lastSpot}/rsvps`, admin.cookie)).json() as { status: string }[];
    expect(all.filter((row) => row.status === 'attending')).toHaveLength(1);
  });

  it('promotes the first member waiting when an attendee cancels, and mails her', async () => {
    const event = (await createEvent(t.db, { title: 'Poetry night', dateTime: new Date(Date.now() + 5 * DAY), maxAttendees: 1 })).id;
    const [going, first, second] = [await t.signInAs('member'), await t.signInAs('member'), await t.signInAs('member')];
    await rsvp(event, going.cookie);
    await rsvp(event, first.cookie);
    await rsvp(event, second.cookie);
    expect((await rsvp(event, second.cookie)).json()).toMatchObject({ position: 2 });

    const cancelled = await t.request({ method: 'DELETE', url: `/api/events/${event}/rsvp`, cookie: going.cookie });
    expect(cancelled.json()).toEqual({ success: true, message: messages.events.rsvpCancelled, promoted: true });
    expect((await get(`/api/events/${event}/rsvps`, first.cookie)).json()).toEqual([{ userId: first.user.id, status: 'attending', position: null }]);
    expect((await get(`/api/events/${event}/rsvps`, second.cookie)).json()).toEqual([{ userId: second.user.id, status: 'waitlisted', position: 1 }]);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, first.user.email));
    expect(mail).toMatchObject({ kind: 'waitlist_promoted', subject: 'A spot opened for you: Poetry night' });

    // Leaving the waitlist promotes nobody; a second cancel is a 404 and changes nothing.
    expect((await t.request({ method: 'DELETE', url: `/api/events/${event}/rsvp`, cookie: second.cookie })).json()).toMatchObject({ message: messages.events.waitlistLeft, promoted: false });
    const again = await t.request({ method: 'DELETE', url: `/api/events/${event}/rsvp`, cookie: second.cookie });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: messages.events.noRsvp });
    expect((await t.request({ method: 'DELETE', url: `/api/events/${event}/rsvp` })).statusCode).toBe(401);
  });

  it('lets members waiting in, in order, when an admin raises the limit', async () => {
    const dateTime = new Date(Date.now() + 8 * DAY);
    const event = (await createEvent(t.db, { title: 'Growing workshop', dateTime, maxAttendees: 1 })).id;
    const members = [await t.signInAs('member'), await t.signInAs('member'), await t.signInAs('member')];
    for (const who of members) await rsvp(event, who.cookie);
    const form = { title: 'Growing workshop', description: 'Bigger room now.', location: 'The library', dateTime: dateTime.toISOString(), maxAttendees: 2 };
    const raised = await t.request({ method: 'PATCH', url: `/api/events/${event}`, cookie: admin.cookie, payload: form });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await get(`/api/events/${event}/rsvps`, members[1]!.cookie)).json()).toEqual([{ userId: members[1]!.user.id, status: 'attending', position: null }]);
    expect((await get(`/api/events/${event}/rsvps`, members[2]!.cookie)).json()).toEqual([{ userId: members[2]!.user.id, status: 'waitlisted', position: 1 }]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'waitlist_promoted'));
    expect(mails.map((mail) => mail.recipient)).toContain(members[1]!.user.email);
    expect(mails.map((mail) => mail.recipient)).not.toContain(members[2]!.user.email);
  });

  it('never lets more members attend than the event holds, whatever the order of RSVPs and cancellations', async () => {
    const event = (await createEvent(t.db, { title: 'Busy workshop', dateTime: new Date(Date.now() + 4 * DAY), maxAttendees: 2 })).id;
    const members = await Promise.all(Array.from({ length: 6 }, () => t.signInAs('member')));
    await Promise.all(members.map((m) => rsvp(event, m.cookie)));
    await Promise.all([
      t.request({ method: 'DELETE', url: `/api/events/${event}/rsvp`, cookie: members[0]!.cookie }),
      t.request({ method: 'DELETE', url: `/api/events/${event}/rsvp`, cookie: members[1]!.cookie }),
      rsvp(event, members[0]!.cookie),
    ]);
    const all = (await get(`/api/events/${event}/rsvps`, admin.cookie)).json() as { status: string; position: number | null }[];
    expect(all.filter((row) => row.status === 'attending')).toHaveLength(2);
    const positions = all.filter((row) => row.status === 'waitlisted').map((row) => row.position).sort();
    expect(positions).toEqual(positions.map((_, index) => index + 1));
  });

  it('answers 404 for an unknown event and 400 for a bad id', async () => {
    expect((await rsvp(999999, member.cookie)).statusCode).toBe(404);
    expect((await get('/api/events/999999/rsvps', member.cookie)).statusCode).toBe(404);
    expect((await rsvp('x1', member.cookie)).json()).toEqual({ message: 'Invalid id' });
  });

  it('counts RSVPs on the later event separately', async () => {
    expect((await get(`/api/events/${later}/rsvps`, member.cookie)).json()).toEqual([]);
  });
});

describe('GET /api/events/{id}/rsvps: who goes where is private', () => {
  it('answers a visitor 401, a member her own RSVP only and an admin the whole list', async () => {
    const event = (await createEvent(t.db, { title: 'Private guest list', dateTime: new Date(Date.now() + 4 * DAY) })).id;
    const other = await t.signInAs('member');
    expect((await rsvp(event, member.cookie)).statusCode).toBe(200);
    expect((await rsvp(event, other.cookie)).statusCode).toBe(200);

    const visitor = await get(`/api/events/${event}/rsvps`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: messages.access.authRequired });
    expect((await get(`/api/events/${event}/rsvps`, other.cookie)).json()).toEqual([{ userId: other.user.id, status: 'attending', position: null }]);
    const everyone = (await get(`/api/events/${event}/rsvps`, admin.cookie)).json() as { userId: number }[];
    expect(everyone.map((r) => r.userId).sort()).toEqual([member.user.id, other.user.id].sort());
    expect((await get('/api/events')).json().find((e: { id: number }) => e.id === event).attendees).toBe(2);
  });
});
