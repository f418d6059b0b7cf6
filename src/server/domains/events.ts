import { events } from '#db/schema';

/**
 * The event read model for the public lists and the admin panel: the event with its
 * `attendees` and `spotsLeft`, so no client works out capacity by itself.
 */
export const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  dateTime: events.dateTime,
  /** Its IANA zone: times are shown in it, with its short name. */
  timeZone: events.timeZone,
  location: events.location,
  price: events.price,
  maxAttendees: events.maxAttendees,
  images: events.images,
  tags: events.tags,
  /** Attending members; waiting or cancelled RSVPs don't take a spot. */
  attendees: events.attendingCount,
};

export const adminEventColumns = { ...eventColumns, createdAt: events.createdAt };

/** Places still free: null when the event has no limit, never below 0. The one rule for "full". */
export function spotsLeft(maxAttendees: number | null, attendees: number): number | null {
  return maxAttendees === null ? null : Math.max(0, maxAttendees - attendees);
}

export const withSpotsLeft = <T extends { maxAttendees: number | null; attendees: number }>(event: T) => ({
  ...event,
  spotsLeft: spotsLeft(event.maxAttendees, event.attendees),
});
