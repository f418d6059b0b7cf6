import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRsvps, listingLikes, podcastLikes } from '#db/schema';
import { createEvent, createListing, createPodcast, DAY } from '#server/test/content-factories';
import { createTestApp, type TestApp } from '#server/test/test-app';

// A list page asks what she did with each of its cards (her likes, her RSVPs) in one call per
// list: content.podcasts.likedByIds, content.directory.likedByIds, content.events.rsvpsByIds.

let t: TestApp;
let member: { cookie: string; user: { id: number } };
let other: { cookie: string; user: { id: number } };
let admin: { cookie: string; user: { id: number } };
let podcasts: number[];
let listings: { shown: number; liked: number; hidden: number };
let events: { hers: number; others: number; none: number };
beforeAll(async () => {
  t = await createTestApp();
  member = await t.signInAs('member');
  other = await t.signInAs('member');
  admin = await t.signInAs('admin');
  podcasts = [(await createPodcast(t.db, { title: 'One' })).id, (await createPodcast(t.db, { title: 'Two' })).id, (await createPodcast(t.db, { title: 'Three' })).id];
  await t.db.insert(podcastLikes).values([
    { podcastId: podcasts[1]!, userId: member.user.id },
    { podcastId: podcasts[2]!, userId: other.user.id },
  ]);
  listings = {
    shown: (await createListing(t.db, { name: 'Shown' })).id,
    liked: (await createListing(t.db, { name: 'Liked' })).id,
    hidden: (await createListing(t.db, { name: 'Hidden', state: 'hidden' })).id,
  };
  await t.db.insert(listingLikes).values([
    { listingId: listings.liked, userId: member.user.id },
    { listingId: listings.hidden, userId: member.user.id },
  ]);
  const soon = new Date(Date.now() + 3 * DAY);
  events = {
    hers: (await createEvent(t.db, { title: 'Hers', dateTime: soon })).id,
    others: (await createEvent(t.db, { title: 'Others', dateTime: soon })).id,
    none: (await createEvent(t.db, { title: 'None', dateTime: soon })).id,
  };
  await t.db.insert(eventRsvps).values([
    { eventId: events.hers, userId: other.user.id, status: 'attending' },
    { eventId: events.hers, userId: member.user.id, status: 'attending' },
    { eventId: events.others, userId: other.user.id, status: 'attending' },
  ]);
});
afterAll(() => t.close());

const ask = (procedure: string, input: unknown, cookie?: string) =>
  t.request({ method: 'GET', url: `/trpc/content.${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, cookie });
const answer = async (procedure: string, input: unknown, cookie?: string) => {
  const response = await ask(procedure, input, cookie);
  expect(response.statusCode).toBe(200);
  return response.json().result.data;
};

describe('a list page asks for her likes and RSVPs of all its cards in one call', () => {
  it('answers 401 to a visitor, for each list', async () => {
    for (const procedure of ['podcasts.likedByIds', 'directory.likedByIds', 'events.rsvpsByIds']) {
      expect((await ask(procedure, { ids: [1] })).statusCode).toBe(401);
    }
  });

  it('answers her own like of each podcast, leaving out one that is gone; an id asked twice counts once', async () => {
    expect(await answer('podcasts.likedByIds', { ids: [podcasts[2], podcasts[0], 999_999, podcasts[1], podcasts[0]] }, member.cookie)).toEqual([
      { id: podcasts[0], liked: false },
      { id: podcasts[1], liked: true },
      { id: podcasts[2], liked: false },
    ]);
  });

  it('leaves out a listing she may not see, even one she liked before it was hidden', async () => {
    expect(await answer('directory.likedByIds', { ids: [listings.shown, listings.liked, listings.hidden] }, member.cookie)).toEqual([
      { id: listings.shown, liked: false },
      { id: listings.liked, liked: true },
    ]);
  });

  it("answers a member her own RSVPs only, never another member's, and an empty list where she has none", async () => {
    const rsvps = await answer('events.rsvpsByIds', { ids: [events.none, events.hers, events.others, 999_999] }, member.cookie);
    expect(rsvps).toEqual([
      { id: events.hers, rsvps: [{ userId: member.user.id, status: 'attending', position: null }] },
      { id: events.others, rsvps: [] },
      { id: events.none, rsvps: [] },
    ]);
    // Each card's own call answers the same.
    for (const { id, rsvps: hers } of rsvps) expect((await answer('events.rsvps', { id }, member.cookie))).toEqual(hers);
  });

  it('answers an admin every RSVP, oldest first, as her card call does', async () => {
    const [hers] = await answer('events.rsvpsByIds', { ids: [events.hers] }, admin.cookie);
    expect(hers.rsvps.map((rsvp: { userId: number }) => rsvp.userId)).toEqual([other.user.id, member.user.id]);
    expect(hers.rsvps).toEqual(await answer('events.rsvps', { id: events.hers }, admin.cookie));
  });

  it('refuses no ids, more than a page of them, and an id that is not one, with a clear message', async () => {
    const refusal = async (input: unknown) => {
      const response = await ask('podcasts.likedByIds', input, member.cookie);
      expect(response.statusCode).toBe(400);
      return response.json().error.message;
    };
    expect(await refusal({ ids: [] })).toBe('ids must name at least one item');
    expect(await refusal({ ids: Array.from({ length: 101 }, (_, index) => index + 1) })).toBe('ids must name at most 100 items');
    expect(await refusal({ ids: [1, 'x'] })).toBe('Invalid id');
    expect(await refusal({ ids: 'all' })).toBe('ids must be a list of ids');
    expect((await ask('podcasts.likedByIds', { ids: Array.from({ length: 100 }, (_, index) => index + 1) }, member.cookie)).statusCode).toBe(200);
  });
});
