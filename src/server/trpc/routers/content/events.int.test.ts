import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRsvps } from '../../../../../db/schema';
import { messages } from '../../../../shared/messages';
import { createEvent, DAY } from '../../../test/content-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

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
    expect(Object.keys(list[2]).sort()).toEqual(['attendees', 'dateTime', 'description', 'id', 'images', 'location', 'maxAttendees', 'price', 'spotsLeft', 'tags', 'title']);
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

describe('POST /api/events/{id}/rsvp', () => {
  it('answers 401 signed out and stores nothing', async () => {
    expect((await rsvp(soon)).statusCode).toBe(401);
    expect(await t.db.select().from(eventRsvps)).toHaveLength(0);
  });

  it('signs the member up once, however often she asks, and lists her RSVP', async () => {
    const first = await rsvp(soon, member.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ userId: member.user.id, status: 'attending' });
    expect((await rsvp(soon, member.cookie)).json()).toEqual({ userId: member.user.id, status: 'attending' });
    expect((await get(`/api/events/${soon}/rsvps`, member.cookie)).json()).toEqual([{ userId: member.user.id, status: 'attending' }]);
    expect(titles((await get('/api/events')).json())).toContain('Soon');
    expect((await get('/api/events')).json().find((e: { id: number }) => e.id === soon).attendees).toBe(1);
  });

  it('refuses a past event with 400', async () => {
    const response = await rsvp(past, member.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.events.eventPast });
  });

  it('refuses a full event with 409, but lets the member who holds the spot repeat', async () => {
    const other = await t.signInAs('member');
    expect((await rsvp(small, other.cookie)).statusCode).toBe(200);
    const response = await rsvp(small, member.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.events.eventFull });
    expect((await rsvp(small, other.cookie)).statusCode).toBe(200);
  });

  it('gives the last spot to exactly one of several members asking at once', async () => {
    const lastSpot = (await createEvent(t.db, { title: 'Last spot', dateTime: new Date(Date.now() + 3 * DAY), maxAttendees: 1 })).id;
    const members = await Promise.all([t.signInAs('member'), t.signInAs('member'), t.signInAs('member')]);
    const statuses = (await Promise.all(members.map((m) => rsvp(lastSpot, m.cookie)))).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    expect((await get(`/api/events/${lastSpot}/rsvps`, admin.cookie)).json()).toHaveLength(1);
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
    expect((await get(`/api/events/${event}/rsvps`, other.cookie)).json()).toEqual([{ userId: other.user.id, status: 'attending' }]);
    const everyone = (await get(`/api/events/${event}/rsvps`, admin.cookie)).json() as { userId: number }[];
    expect(everyone.map((r) => r.userId).sort()).toEqual([member.user.id, other.user.id].sort());
    expect((await get('/api/events')).json().find((e: { id: number }) => e.id === event).attendees).toBe(2);
  });
});
