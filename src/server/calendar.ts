import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { mailedAtOnce, unsubscribeLinks } from './notifications/mail';
import { notify } from './notifications/notify';
import type { FastifyInstance } from 'fastify';
import ical from 'ical-generator';
import type { Db } from '#db/client';
import { eventRsvps, events, users } from '#db/schema';
import { messages } from '#shared/messages';
import { queueMail } from './mail/outbox';
import { mails } from './mail/templates';
import type { PublicSite } from './site';
import { hashSecretToken as hashOf, newSecretToken } from './auth/secret-token';
import { vtimezone, zonedDateTime } from './calendar-zones';

/** Events carry a start but no end; calendars show them two hours long. */
const EVENT_HOURS = 2;

export interface CalendarEvent {
  id: number;
  title: string;
  description: string;
  dateTime: Date;
  /** The IANA zone it happens in. */
  timeZone: string;
  location: string;
}

/** Control characters other than tab and line breaks: iCalendar TEXT can't carry them (RFC 5545 3.3.11). */
// eslint-disable-next-line no-control-regex
const UNWRITABLE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Text as iCalendar TEXT can hold it: without control characters but tab and line breaks. */
export function calendarText(value: string): string {
  return value.replace(UNWRITABLE_CONTROLS, '');
}

/**
 * A value written as an iCalendar TEXT property (RFC 5545 3.3.11): backslash, semicolon and
 * comma escaped, every line break (CRLF, CR or LF) written as `\n`. Unescaped, a title holding a
 * line break would start properties of its own (an ATTENDEE, an X-...) in her calendar.
 */
export function escapeCalendarText(value: string): string {
  return calendarText(value)
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Events as an iCalendar document (RFC 5545). Times are written in each event's own zone
 * (`DTSTART;TZID=Africa/Cairo:...`), described by a VTIMEZONE, so a calendar shows the time
 * the event has where it happens and converts it rightly for a reader elsewhere. Each event
 * keeps one UID, so a calendar that reads the document again updates the event instead of
 * adding a copy.
 * Every text property is escaped: ical-generator escapes an event's SUMMARY, DESCRIPTION and
 * LOCATION itself but writes the calendar's NAME, X-WR-CALNAME and PRODID as given, so those are
 * escaped here.
 */
export function eventCalendar(site: PublicSite, name: string, list: CalendarEvent[]): string {
  // Each zone's VTIMEZONE covers the times of the events in it.
  const times = new Map<string, Date[]>();
  const end = (event: CalendarEvent) => new Date(event.dateTime.getTime() + EVENT_HOURS * 3_600_000);
  for (const event of list) times.set(event.timeZone, [...(times.get(event.timeZone) ?? []), event.dateTime, end(event)]);
  const calendar = ical({
    name: escapeCalendarText(name),
    prodId: { company: escapeCalendarText(site.name), product: 'Events', language: 'EN' },
    // No zone of the calendar's own: each event names its zone.
    timezone: { name: null, generator: (zone) => vtimezone(zone, times.get(zone) ?? []) },
  });
  const host = new URL(site.url).host;
  for (const event of list) {
    calendar.createEvent({
      id: `event-${event.id}@${host}`,
      timezone: event.timeZone,
      start: zonedDateTime(event.dateTime, event.timeZone),
      end: zonedDateTime(end(event), event.timeZone),
      summary: calendarText(event.title),
      description: calendarText(event.description),
      location: calendarText(event.location),
      url: `${site.url}/events`,
    });
  }
  return calendar.toString();
}

const eventColumns = { id: events.id, title: events.title, description: events.description, dateTime: events.dateTime, timeZone: events.timeZone, location: events.location };

/** One event's calendar file, or null when there is no such event. */
export async function eventIcs(db: Db, site: PublicSite, id: number): Promise<{ filename: string; content: string } | null> {
  const [event] = await db.select(eventColumns).from(events).where(eq(events.id, id)).limit(1);
  if (!event) return null;
  return { filename: `event-${event.id}.ics`, content: eventCalendar(site, event.title, [event]) };
}

/**
 * A new private address for her calendar feed. Only its hash is kept; the previous address
 * stops working, so a link she shared by mistake can be replaced.
 */
export async function issueCalendarFeed(db: Db, site: PublicSite, userId: number): Promise<{ url: string }> {
  const token = newSecretToken(24);
  await db.update(users).set({ calendarTokenHash: hashOf(token) }).where(eq(users.id, userId));
  return { url: `${site.url}/calendar/${token}.ics` };
}

/**
 * GET /calendar/{token}.ics: the events she attends, for a phone's calendar to subscribe to.
 * A calendar app sends no cookie, so the secret address is the key; an unknown one is a 404.
 */
export function registerCalendarFeed(app: FastifyInstance, db: Db, site: PublicSite) {
  app.get<{ Params: { file: string } }>('/calendar/:file', async (request, reply) => {
    const token = /^([a-z0-9]{20,80})\.ics$/.exec(request.params.file)?.[1];
    const [owner] = token
      ? await db.select({ id: users.id }).from(users).where(and(eq(users.calendarTokenHash, hashOf(token)), eq(users.approvalStatus, 'approved'))).limit(1)
      : [];
    if (!owner) return reply.code(404).header('cache-control', 'no-store').send({ message: messages.events.calendarNotFound });
    const list = await db
      .select(eventColumns)
      .from(eventRsvps)
      .innerJoin(events, eq(events.id, eventRsvps.eventId))
      .where(and(eq(eventRsvps.userId, owner.id), eq(eventRsvps.status, 'attending')))
      .orderBy(asc(events.dateTime));
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(eventCalendar(site, `${site.name} events`, list));
  });
}

export interface ReminderOptions {
  db: Db;
  site: PublicSite;
  log: { warn(object: object, message: string): void };
  intervalMs?: number;
}

/**
 * Reminders claimed in one transaction at most. A popular event's attendees are reminded over
 * several short transactions, each holding a database connection only while it queues its own
 * mails and notifications, rather than one that grows with the event (a sweep of a few hundred
 * reminders once took 273 ms in one statement under load).
 */
const REMINDERS_PER_TRANSACTION = 200;

/**
 * Reminds every attendee of an event starting within 24 hours, once: a notification, and the
 * reminder mail (with its .ics) to those who get reminders by mail at once; a digest carries
 * it to the others who chose one. Returns how many reminders were queued.
 */
export async function queueEventReminders(db: Db, site: PublicSite, perTransaction = REMINDERS_PER_TRANSACTION): Promise<number> {
  let queued = 0;
  for (;;) {
    const claimed = await queueSomeEventReminders(db, site, perTransaction);
    queued += claimed;
    // A short transaction was the last (or another process holds the rest).
    if (claimed === 0 || claimed < perTransaction) return queued;
  }
}

/**
 * Up to `limit` reminders in one transaction. Claiming sets `reminded_at` in the statement that
 * finds them: with several server processes, each takes rows no other holds (`skip locked`) and
 * the update checks `reminded_at is null` again, so each attendee is reminded by exactly one.
 */
export async function queueSomeEventReminders(db: Db, site: PublicSite, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const soon = tx
      .select({ id: events.id })
      .from(events)
      .where(and(gt(events.dateTime, sql`now()`), lte(events.dateTime, sql`now() + interval '24 hours'`)));
    const due = tx
      .select({ eventId: eventRsvps.eventId, userId: eventRsvps.userId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.status, 'attending'), isNull(eventRsvps.remindedAt), inArray(eventRsvps.eventId, soon)))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(eventRsvps)
      .set({ remindedAt: sql`now()` })
      .where(and(isNull(eventRsvps.remindedAt), sql`(${eventRsvps.eventId}, ${eventRsvps.userId}) in (${due})`))
      .returning({ eventId: eventRsvps.eventId, userId: eventRsvps.userId });
    if (claimed.length === 0) return 0;
    const people = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
          .from(users)
          .where(inArray(users.id, [...new Set(claimed.map((row) => row.userId))]))
      ).map((person) => [person.id, person]),
    );
    const eventRows = new Map(
      (
        await tx
          .select(eventColumns)
          .from(events)
          .where(inArray(events.id, [...new Set(claimed.map((row) => row.eventId))]))
      ).map((event) => [event.id, event]),
    );
    // Her mail choice for reminders: at once (this mail, with the .ics), in her digest, or none.
    const mailNow = await mailedAtOnce(tx, 'event_reminder', [...people.keys()]);
    for (const { eventId, userId } of claimed) {
      const person = people.get(userId);
      const event = eventRows.get(eventId);
      if (!person || !event || !mailNow.has(userId)) continue;
      const links = await unsubscribeLinks(tx, site, userId, ['event_reminder']);
      await queueMail(tx, mails.eventReminder(site, person, person.firstName, event, eventCalendar(site, event.title, [event]), links));
    }
    await notify(
      tx,
      claimed.flatMap(({ eventId, userId }) => {
        const event = eventRows.get(eventId);
        return event ? [{ userId, kind: 'event_reminder' as const, actorId: null, target: { type: 'event' as const, id: eventId, title: event.title } }] : [];
      }),
    );
    return claimed.length;
  });
}

/** Every server process looks for due reminders once a minute. */
export function startEventReminders(options: ReminderOptions & { onQueued(): void }): { stop(): void } {
  const timer = setInterval(() => {
    queueEventReminders(options.db, options.site)
      .then((queued) => queued > 0 && options.onQueued())
      .catch((error: unknown) => options.log.warn({ err: error }, 'event reminders: run failed'));
  }, options.intervalMs ?? 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
