/**
 * An RSVP: attending takes a spot; cancelled keeps the row but frees the spot; waitlisted
 * waits for a spot on a full event, in the order she joined the list.
 */
export const RSVP_STATUSES = ['attending', 'cancelled', 'waitlisted'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
