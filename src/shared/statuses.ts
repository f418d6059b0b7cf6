/** An RSVP: attending takes a spot; cancelled keeps the row but frees the spot. */
export const RSVP_STATUSES = ['attending', 'cancelled'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
