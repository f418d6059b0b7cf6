import { eq, gte, lt, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { events } from '#db/schema';
import { ByIdSchema, ByIdsSchema, type EventListQuery, EventListSchema } from '#shared/schemas/content';
import { messages } from '#shared/messages';
import { notFound } from '#server/errors';
import { cancelRsvp, rsvpsOfEvents, rsvpToEvent } from '#server/services/rsvp';
import { eventIcs, issueCalendarFeed } from '#server/calendar';
import { eventColumns, withSpotsLeft } from '#server/domains/events';
import { inPage, type ListOrder, orderBy, pageIds } from '#server/domains/paging';
import { plainFirstPage, plainFirstPageSize, preparedRead } from '#server/domains/prepared';
import { memberProcedure, publicProcedure, router } from '#server/trpc/init';

/** One page of upcoming events, soonest first, or of past ones, latest first, as of `now`. */
function eventsPage(db: Db, input: EventListQuery, now: Date | Placeholder) {
  const where = input.upcoming ? gte(events.dateTime, now) : lt(events.dateTime, now);
  const order: ListOrder = { column: events.dateTime, direction: input.upcoming ? 'asc' : 'desc' };
  const page = pageIds(db, events, events.id, where, order, { limit: input.limit, offset: input.offset, after: input.cursor });
  return db.select(eventColumns).from(events).innerJoin(page, inPage(page, events.id)).orderBy(...orderBy(order, events.id));
}
const preparedFirstPage = preparedRead('events.list', (db, shape: `${'upcoming' | 'past'}:${number}`) => {
  const [when, limit] = shape.split(':');
  return eventsPage(db, { ...plainFirstPage(Number(limit)), upcoming: when === 'upcoming' }, sql.placeholder('now'));
});

export const eventsRouter = router({
  /**
   * An event as the API answers it, plus `attendees` (attending count) and `spotsLeft` (null without a limit).
   * Upcoming (dateTime >= now) soonest first; past (`upcoming=false`) latest first.
   */
  list: publicProcedure.meta({ cache: { shared: true, reads: ['events'] } }).input(EventListSchema).query(async ({ ctx, input }) => {
    const now = new Date();
    const size = plainFirstPageSize(input);
    const rows = await (size === null
      ? eventsPage(ctx.db, input, now)
      : // The time as drizzle sends a date column's value (a placeholder's value goes as it is given).
        preparedFirstPage(ctx.db, `${input.upcoming ? 'upcoming' : 'past'}:${size}`, { now: now.toISOString() }));
    return rows.map(withSpotsLeft);
  }),

  /** One event as the lists show it, past or upcoming: the page a found event opens on. */
  byId: publicProcedure.meta({ cache: { shared: true, reads: ['events'], item: 'id' } }).input(ByIdSchema).query(async ({ ctx, input }) => {
    const [row] = await ctx.db.select(eventColumns).from(events).where(eq(events.id, input.id)).limit(1);
    if (!row) throw notFound(messages.admin.eventNotFound);
    return withSpotsLeft(row);
  }),

  /**
   * An event's RSVPs (userId and status). Who goes where is private: a member gets her
   * own RSVP only, an admin the whole list, a visitor 401. Cards show counts instead.
   */
  rsvps: memberProcedure.input(ByIdSchema).query(async ({ ctx, input }) => {
    const [event] = await rsvpsOfEvents(ctx.db, [input.id], ctx.user);
    if (!event) throw notFound(messages.admin.eventNotFound);
    return event.rsvps;
  }),

  /** `rsvps` for each event of a list page, in one call; an event that is gone is left out. */
  rsvpsByIds: memberProcedure.input(ByIdsSchema).query(({ ctx, input }) => rsvpsOfEvents(ctx.db, input.ids, ctx.user)),

  /** POST /api/events/{id}/rsvp: attending, or `{status: 'waitlisted', position}` when the event is full. */
  rsvp: memberProcedure.meta({ cache: { changes: ['events'], item: 'id' }, idempotent: true }).input(ByIdSchema).mutation(async ({ ctx, input }) => {
    const answer = await rsvpToEvent(ctx.db, ctx.mail.site, input.id, ctx.user);
    ctx.mail.sendSoon();
    return answer;
  }),

  /** GET /api/events/{id}/ics: 'Add to calendar', the same file for everyone. */
  ics: publicProcedure.meta({ cache: { shared: true, reads: ['events'], item: 'id' } }).input(ByIdSchema).query(async ({ ctx, input }) => {
    const file = await eventIcs(ctx.db, ctx.mail.site, input.id);
    if (!file) throw notFound(messages.admin.eventNotFound);
    return file;
  }),

  /** A new private address for her calendar app to subscribe to; the previous one stops working. */
  calendarFeed: memberProcedure.meta({ access: 'member', openWhileSuspended: true, cache: { changes: ['events'] } }).mutation(({ ctx }) => issueCalendarFeed(ctx.db, ctx.mail.site, ctx.user.id)),

  /** DELETE /api/events/{id}/rsvp: cancels; the first member waiting is promoted and mailed. */
  cancelRsvp: memberProcedure.meta({ cache: { changes: ['events'], item: 'id' } }).input(ByIdSchema).mutation(async ({ ctx, input }) => {
    const answer = await cancelRsvp(ctx.db, ctx.mail.site, input.id, ctx.user.id);
    if (answer.promoted) ctx.mail.sendSoon();
    return answer;
  }),
});
