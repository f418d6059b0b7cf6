import { eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { events } from '#db/schema';
import { timeZoneNames } from '#shared/event-time';
import { messages } from '#shared/messages';
import { AdminByIdSchema, AdminListSchema, EventFormSchema, EventUpdateSchema } from '#shared/schemas/admin';
import { fieldError, notFound } from '#server/errors';
import { quoted } from '#server/moderation/audit';
import { adminEventColumns as columns, withSpotsLeft } from '#server/domains/events';
import { inPage, type ListOrder, orderBy, pageIds, pageOf } from '#server/domains/paging';
import { router, staffProcedure } from '#server/trpc/init';
import { fillFreedSpots, lockEvent } from '#server/services/rsvp';
import { eventChange, notifyEventChanged } from '#server/notifications/causes';

/** Every call here needs 'manage:content' (src/server/policies.ts). */
const contentProcedure = staffProcedure('manage:content');

const toRow = ({ dateTime, maxAttendees, ...fields }: { dateTime: string; maxAttendees?: number } & Omit<typeof events.$inferInsert, 'dateTime' | 'maxAttendees'>) => ({
  ...fields,
  dateTime: new Date(dateTime),
  maxAttendees: maxAttendees ?? null,
});

async function byId(db: Db, id: number) {
  const [row] = await db.select(columns).from(events).where(eq(events.id, id)).limit(1);
  if (!row) throw notFound(messages.admin.eventNotFound);
  return withSpotsLeft(row);
}

export const adminEventsRouter = router({
  /** Latest date first, so upcoming and recent events lead the list. */
  list: contentProcedure.input(AdminListSchema.optional()).query(async ({ ctx, input }) => {
    const order: ListOrder = { column: events.dateTime, direction: 'desc' };
    const page = pageIds(ctx.db, events, events.id, undefined, order, pageOf(input));
    const rows = await ctx.db.select(columns).from(events).innerJoin(page, inPage(page, events.id)).orderBy(...orderBy(order, events.id));
    return rows.map(withSpotsLeft);
  }),

  /** The zones an event may have (those the server knows) and the site's, which a new event starts with. */
  timeZones: contentProcedure.query(({ ctx }) => ({ site: ctx.env.SITE_TIME_ZONE, zones: timeZoneNames() })),

  create: contentProcedure.meta({ cache: { changes: ['events'] }, idempotent: true }).input(EventFormSchema).mutation(async ({ ctx, input }) => {
    // An event whose admin names no zone happens in the site's.
    const [row] = await ctx.db.insert(events).values(toRow({ ...input, timeZone: input.timeZone ?? ctx.env.SITE_TIME_ZONE })).returning({ id: events.id });
    ctx.audit.describe(row!.id, `Added event ${quoted(input.title)}`);
    return byId(ctx.db, row!.id);
  }),

  /**
   * Edit Event: the admin panel's edit dialog reaches PATCH /api/events/{id}. Max attendees can't
   * go below the members already attending (the event is locked, so no RSVP slips in between).
   */
  update: contentProcedure.meta({ cache: { changes: ['events'], item: 'id' } }).input(EventUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    await ctx.db.transaction(async (tx) => {
      const before = await lockEvent(tx, id);
      const { attendees } = before;
      if (fields.maxAttendees !== undefined) {
        if (fields.maxAttendees < attendees) throw fieldError('maxAttendees', messages.admin.maxAttendeesBelowAttending(attendees));
      }
      // No zone sent: the event keeps its own (drizzle leaves out undefined fields).
      const [after] = await tx.update(events).set(toRow(fields)).where(eq(events.id, id)).returning({ title: events.title, dateTime: events.dateTime, timeZone: events.timeZone, location: events.location });
      // A new time or place reaches those attending and waiting, with the change.
      const change = eventChange(before, after!);
      if (change) await notifyEventChanged(tx, ctx.user.id, { id, title: after!.title }, change);
    });
    // More room (or no limit any more): members waiting take the free spots, and are mailed.
    if ((await fillFreedSpots(ctx.db, ctx.mail.site, id)) > 0) ctx.mail.sendSoon();
    ctx.audit.describe(id, `Updated event ${quoted(fields.title)}`);
    return byId(ctx.db, id);
  }),

  /** RSVPs go with it (foreign key cascade). */
  delete: contentProcedure.meta({ cache: { changes: ['events'], item: 'id' } }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const row = await ctx.db.transaction(async (tx) => {
      const [event] = await tx.select({ id: events.id, title: events.title, dateTime: events.dateTime }).from(events).where(eq(events.id, input.id)).for('update');
      if (!event) throw notFound(messages.admin.eventNotFound);
      // An upcoming event deleted is cancelled: its people are told before their RSVPs go with it.
      if (event.dateTime > new Date()) await notifyEventChanged(tx, ctx.user.id, event, 'cancelled');
      await tx.delete(events).where(eq(events.id, input.id));
      return event;
    });
    ctx.audit.describe(row.id, `Deleted event ${quoted(row.title)}`);
    return { success: true as const, message: messages.admin.eventDeleted };
  }),
});
