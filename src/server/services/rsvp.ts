import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { mailedAtOnce, unsubscribeLinks } from '../notifications/mail';
import { notify } from '../notifications/notify';
import type { Db } from '#db/client';
import { eventRsvps, events, users } from '#db/schema';
import type { RsvpStatus } from '#shared/statuses';
import type { Locale } from '#shared/i18n/locale';
import { eventCalendar } from '../calendar';
import { queueMail } from '../mail/outbox';
import { mails, type MailSite } from '../mail/templates';
import { messages } from '#shared/messages';
import { eventColumns, spotsLeft } from '../domains/events';
import { badRequest, notFound } from '../errors';
import { qualified } from './content-query';
import { idPlaceholders, idValues, preparedRead } from '../domains/prepared';

/** An RSVP as the member sees it: `position` is her place on the waitlist while she waits. */
export interface RsvpAnswer {
  userId: number;
  status: RsvpStatus;
  position: number | null;
  message?: string;
}

/** In a select of RSVPs: a waiting member's place on her event's waitlist, null for the others. */
export const waitlistPositionColumn = sql<number | null>`case when ${qualified(eventRsvps.status)} = 'waitlisted' then (select count(*) from ${eventRsvps} w where w.event_id = ${qualified(eventRsvps.eventId)} and w.status = 'waitlisted' and (w.waitlisted_at, w.user_id) <= (${qualified(eventRsvps.waitlistedAt)}, ${qualified(eventRsvps.userId)})) end`.mapWith((value) => (value === null ? null : Number(value)));

const preparedRsvpsOfEvents = preparedRead('events.rsvpsOf', (db, shape: `${'admin' | 'member'}:${number}`) => {
  const [viewer, count] = shape.split(':');
  // An admin reads every RSVP; a member her own (the placeholder viewerId).
  const readable = and(eq(eventRsvps.eventId, events.id), viewer === 'admin' ? undefined : eq(eventRsvps.userId, sql.placeholder('viewerId')));
  return db
    .select({ eventId: events.id, userId: eventRsvps.userId, status: eventRsvps.status, position: waitlistPositionColumn })
    .from(events)
    .leftJoin(eventRsvps, readable)
    .where(inArray(events.id, idPlaceholders(Number(count))))
    .orderBy(asc(events.id), asc(eventRsvps.createdAt));
});

/**
 * The RSVPs of each event among `ids` (userId, status, waitlist position), oldest first, in one
 * statement. Who goes where is private: a member reads her own RSVP only, an admin every one.
 * An event that is gone is left out; one with no RSVP she may read has an empty list.
 */
export async function rsvpsOfEvents(db: Db, ids: number[], viewer: { id: number; isAdmin: boolean }): Promise<{ id: number; rsvps: RsvpAnswer[] }[]> {
  // A list page's cards ask this on every visit: a prepared read, one query per number of ids and kind of viewer.
  const rows = await preparedRsvpsOfEvents(db, `${viewer.isAdmin ? 'admin' : 'member'}:${ids.length}`, { ...idValues(ids), viewerId: viewer.id });
  const byEvent = new Map<number, RsvpAnswer[]>();
  for (const { eventId, userId, status, position } of rows) {
    const rsvps = byEvent.get(eventId) ?? [];
    byEvent.set(eventId, rsvps);
    if (userId !== null && status !== null) rsvps.push({ userId, status, position });
  }
  return [...byEvent].map(([id, rsvps]) => ({ id, rsvps }));
}

/** Her place on an event's waitlist: 1 for the first to join. */
async function waitlistPosition(db: Db, eventId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventRsvps)
    .where(
      and(
        eq(eventRsvps.eventId, eventId),
        eq(eventRsvps.status, 'waitlisted'),
        sql`(${eventRsvps.waitlistedAt}, ${eventRsvps.userId}) <= (select r.waitlisted_at, r.user_id from ${eventRsvps} r where r.event_id = ${eventId} and r.user_id = ${userId})`,
      ),
    );
  return row?.n ?? 0;
}

/** Members attending the event now (kept on its row by the database, this transaction's changes included). */
export async function attendingNow(tx: Db, eventId: number): Promise<number> {
  const [row] = await tx.select({ n: events.attendingCount }).from(events).where(eq(events.id, eventId));
  return row?.n ?? 0;
}

/**
 * Locks the event's row: every change to its RSVPs runs one at a time, so no two members take
 * the last spot. `attendees` is the count as the lock found it; after this transaction changes
 * RSVPs, read it again with attendingNow.
 */
export async function lockEvent(tx: Db, eventId: number) {
  const [event] = await tx.select(lockedEventColumns).from(events).where(eq(events.id, eventId)).for('update');
  if (!event) throw notFound(messages.admin.eventNotFound);
  return event;
}

/** What lockEvent reads of the event: the read model's columns but its price, images and tags (its mail's details, its limit, its attendees). */
const { price: _price, images: _images, tags: _tags, ...lockedEventColumns } = eventColumns;

/** The member who answers, as her session knows her: her confirmation is mailed to her, in her language. */
export interface RsvpMember {
  id: number;
  email: string;
  firstName: string;
  locale: Locale | null;
}

/**
 * Signs a member up for an event. Refused for past events. A full event puts her on its
 * waitlist, with her place. A second RSVP by the same member answers the first one
 * (idempotent).
 */
export async function rsvpToEvent(db: Db, site: MailSite, eventId: number, member: RsvpMember, now = new Date()): Promise<RsvpAnswer> {
  const userId = member.id;
  return db.transaction(async (tx) => {
    // lockEvent's lock, with her RSVP read in the same query.
    const [found] = await tx
      .select({ event: lockedEventColumns, mine: eventRsvps.status })
      .from(events)
      .leftJoin(eventRsvps, and(eq(eventRsvps.eventId, events.id), eq(eventRsvps.userId, userId)))
      .where(eq(events.id, eventId))
      .for('update', { of: events });
    if (!found) throw notFound(messages.admin.eventNotFound);
    const { event, mine } = found;
    if (mine === 'attending') return { userId, status: mine, position: null };
    if (mine === 'waitlisted') {
      const position = await waitlistPosition(tx, eventId, userId);
      return { userId, status: mine, position, message: messages.events.waitlisted(position) };
    }

    if (event.dateTime < now) throw badRequest(messages.events.eventPast);
    let full = false;
    if (event.maxAttendees !== null) full = spotsLeft(event.maxAttendees, event.attendees) === 0;
    // The database's clock, to the microsecond: RSVPs run one at a time (the event is locked), so
    // each joins the waitlist strictly after the one before, and places never tie.
    const values = full ? { status: 'waitlisted' as const, waitlistedAt: sql`clock_timestamp()` } : { status: 'attending' as const, waitlistedAt: null };
    // Her confirmation, with the event for her calendar, is queued with her answer: the two
    // statements go to the database together (one wait), and fail or commit together. The mail
    // is made first, so nothing is under way if making it fails.
    const confirmation = full ? null : mails.rsvpConfirmed(site, member, member.firstName, event, eventCalendar(site, event.title, [event]));
    const answering = tx
      .insert(eventRsvps)
      .values({ eventId, userId, ...values })
      .onConflictDoUpdate({ target: [eventRsvps.eventId, eventRsvps.userId], set: values })
      .returning({ userId: eventRsvps.userId, status: eventRsvps.status });
    if (confirmation) {
      const [[row]] = await Promise.all([answering, queueMail(tx, confirmation)]);
      return { ...row!, position: null };
    }
    const [row] = await answering;
    const position = await waitlistPosition(tx, eventId, userId);
    return { ...row!, position, message: messages.events.waitlisted(position) };
  });
}

/**
 * DELETE /api/events/{id}/rsvp: she no longer goes, or no longer waits. When an attendee of an
 * upcoming event cancels, the first member waiting takes her spot and is told, in the same
 * transaction.
 */
export async function cancelRsvp(db: Db, site: MailSite, eventId: number, userId: number, now = new Date()) {
  const answer = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const [mine] = await tx
      .select({ status: eventRsvps.status })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId), inArray(eventRsvps.status, ['attending', 'waitlisted'])));
    if (!mine) throw notFound(messages.events.noRsvp);
    await tx
      .update(eventRsvps)
      .set({ status: 'cancelled', waitlistedAt: null })
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)));
    if (mine.status === 'waitlisted') return { success: true as const, message: messages.events.waitlistLeft, promoted: false };

    const promoted = await promoteFromWaitlist(tx, site, event, now);
    return { success: true as const, message: messages.events.rsvpCancelled, promoted: promoted > 0 };
  });
  return answer;
}

/**
 * Gives free spots of an upcoming event to the members waiting, first come first served, and
 * tells each (a notification, and a mail as she chose). Called with the event's row locked (lockEvent): after a cancellation, or when an
 * admin raised or removed the limit. Answers how many were promoted.
 */
export async function promoteFromWaitlist(tx: Db, site: MailSite, event: Awaited<ReturnType<typeof lockEvent>>, now = new Date()): Promise<number> {
  if (event.dateTime <= now) return 0;
  let free = Number.POSITIVE_INFINITY;
  if (event.maxAttendees !== null) free = spotsLeft(event.maxAttendees, await attendingNow(tx, event.id)) ?? 0;
  if (free <= 0) return 0;
  const next = await tx
    .select({ userId: eventRsvps.userId, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(eventRsvps)
    .innerJoin(users, eq(users.id, eventRsvps.userId))
    .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.status, 'waitlisted')))
    .orderBy(asc(eventRsvps.waitlistedAt), asc(eventRsvps.userId))
    .limit(Number.isFinite(free) ? free : 10_000);
  // Her mail choice for waitlist spots: at once (this mail, with the .ics), in her digest, or none.
  const mailNow = await mailedAtOnce(tx, 'waitlist_promoted', next.map((member) => member.userId));
  for (const member of next) {
    await tx
      .update(eventRsvps)
      .set({ status: 'attending', waitlistedAt: null })
      .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.userId, member.userId)));
    if (!mailNow.has(member.userId)) continue;
    const links = await unsubscribeLinks(tx, site, member.userId, ['waitlist_promoted']);
    await queueMail(tx, mails.waitlistPromoted(site, member, member.firstName, event, eventCalendar(site, event.title, [event]), links));
  }
  await notify(
    tx,
    next.map((member) => ({ userId: member.userId, kind: 'waitlist_promoted' as const, actorId: null, target: { type: 'event' as const, id: event.id, title: event.title } })),
  );
  return next.length;
}

/** After an admin changed an event: a raised or removed limit lets members waiting in. */
export async function fillFreedSpots(db: Db, site: MailSite, eventId: number): Promise<number> {
  return db.transaction(async (tx) => promoteFromWaitlist(tx, site, await lockEvent(tx, eventId)));
}
