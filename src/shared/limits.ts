/** Business constants that the client needs without loading the validation code. */
/** A list's page: its size when none is asked for, and the most one call may ask for (items or ids). */
export const PAGE_SIZE = { default: 50, max: 100 } as const;

export const SIGNUP_AGE = { min: 13, max: 100 } as const;

/**
 * The most procedures one tRPC request may call (a batch): each costs the server at least a query,
 * so an unbounded batch lets one request hold it for seconds. The site's client batches no more.
 */
export const MAX_CALLS_PER_REQUEST = 10;

/**
 * The longest text each field takes, in characters after trimming (what the server counts).
 * The schemas refuse longer text with the field's message and the forms show a counter near
 * the limit; nothing is ever cut to fit.
 */
export const TEXT_LIMITS = {
  name: 100,
  bio: 2000,
  interests: 1000,
  forumTitle: 150,
  forumContent: 5000,
  comment: 2000,
  placeName: 120,
  placeDescription: 1000,
  placeAddress: 200,
  reportDetails: 1000,
  moderatorNote: 500,
  approvalReason: 500,
  suspendReason: 500,
  newsletterSubject: 200,
  newsletterBody: 50_000,
  itemTitle: 200,
  itemDescription: 5000,
  itemName: 200,
  listingAddress: 300,
  eventLocation: 300,
  blogContent: 100_000,
  blogExcerpt: 1000,
  authorName: 200,
  tags: 2000,
} as const;

/** Forum posts also have a least length. */
export const FORUM_LIMITS = { titleMin: 5, titleMax: TEXT_LIMITS.forumTitle, contentMin: 20, contentMax: TEXT_LIMITS.forumContent } as const;
