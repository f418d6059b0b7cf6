import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { eventRsvps, events } from '../../../db/schema';
import { messages } from '../../shared/messages';
import { spotsLeft } from '../domains/events';
import { badRequest, conflict, notFound } from '../errors';

/**
 * Signs a member up for an event. Refused for past or full events; a second RSVP by the
 * same member answers the first one (idempotent). The event row is locked so two members
 * can't both take the last spot.
 */
export async function rsvpToEvent(db: Db, eventId: number, userId: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, dateTime: events.dateTime, maxAttendees: events.maxAttendees })
      .from(events)
      .where(eq(events.id, eventId))
      .for('update');
    if (!event) throw notFound('Event not found');

    const [existing] = await tx
      .select({ userId: eventRsvps.userId, status: eventRsvps.status })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)));
    if (existing?.status === 'attending') return existing;

    if (event.dateTime < now) throw badRequest(messages.events.eventPast);
    if (event.maxAttendees !== null) {
      const [taken] = await tx
        .select({ n: count() })
        .from(eventRsvps)
        .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'attending')));
      if (spotsLeft(event.maxAttendees, taken?.n ?? 0) === 0) throw conflict(messages.events.eventFull);
    }

    const [row] = await tx
      .insert(eventRsvps)
      .values({ eventId, userId, status: 'attending' })
      .onConflictDoUpdate({ target: [eventRsvps.eventId, eventRsvps.userId], set: { status: 'attending' } })
      .returning({ userId: eventRsvps.userId, status: eventRsvps.status });
    return row!;
  });
}
