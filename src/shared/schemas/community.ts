import { z } from 'zod';
import { FORUM_CATEGORIES, NEWSLETTER_FREQUENCIES, PLACE_CATEGORIES } from '../categories';
import { messages } from '../messages';
import { PageSchema } from './content';
import { IdSchema, isEmail, say } from './fields';
import { FORUM_LIMITS, TEXT_LIMITS } from '../limits';

export { FORUM_CATEGORIES, NEWSLETTER_FREQUENCIES, PLACE_CATEGORIES };

/** Inputs of the community area: newsletter, forum, places, hub search and activity. */

// ---------------------------------------------------------------- shared pieces

/** A page size: default 50, at most 100, numbers from tRPC and strings from REST alike. */
export const LimitSchema = PageSchema.shape.limit;

// NUL characters, which PostgreSQL text can't hold, are refused for every procedure at once
// (src/server/trpc/init.ts), so these schemas don't repeat that rule.

/** Optional search text; an empty box means no filter. */
const searchText = (max = 100) =>
  z
    .string({ error: () => messages.admin.mustBeText('Search') })
    .transform((value) => value.trim())
    .pipe(z.string().max(max, say(() => messages.hub.searchMax)))
    .optional()
    .transform((value) => (value ? value : undefined));

// ---------------------------------------------------------------- newsletter

export type NewsletterFrequency = (typeof NEWSLETTER_FREQUENCIES)[number];

export const NewsletterSubscribeSchema = z.object({
  email: z
    .string({ error: () => messages.newsletter.emailInvalid })
    .trim()
    .refine((value) => isEmail(value), say(() => messages.newsletter.emailInvalid))
    .transform((value) => value.toLowerCase()),
  frequency: z.enum(NEWSLETTER_FREQUENCIES, { error: () => messages.newsletter.frequencyInvalid }),
});
export type NewsletterSubscribeInput = z.input<typeof NewsletterSubscribeSchema>;

// ---------------------------------------------------------------- forum

export type ForumCategory = (typeof FORUM_CATEGORIES)[number];

export { FORUM_LIMITS };

/** A discussion post, with its rules checked in order: title, then content, then category. */
export const ForumPostCreateSchema = z.object({
  title: z
    .string({ error: () => messages.forum.titleLength })
    .trim()
    .min(FORUM_LIMITS.titleMin, say(() => messages.forum.titleLength))
    .max(FORUM_LIMITS.titleMax, say(() => messages.forum.titleMax)),
  content: z
    .string({ error: () => messages.forum.contentLength })
    .trim()
    .min(FORUM_LIMITS.contentMin, say(() => messages.forum.contentLength))
    .max(FORUM_LIMITS.contentMax, say(() => messages.forum.contentMax)),
  category: z.enum(FORUM_CATEGORIES, { error: () => messages.forum.categoryInvalid }),
});
export type ForumPostCreateInput = z.input<typeof ForumPostCreateSchema>;

export const ForumPostListSchema = z
  .object({
    /** 'all' (what the filter offers) or absent means every category. */
    category: z.enum(['all', ...FORUM_CATEGORIES], { error: () => messages.forum.categoryInvalid }).optional(),
    limit: LimitSchema,
    /**
     * The id of the last post of the previous page. Null as for the other lists: a first page the
     * server drew comes to the browser as JSON, where its page parameter (none) is null.
     */
    cursor: IdSchema.nullish(),
  })
  .prefault({});
export type ForumPostListInput = z.input<typeof ForumPostListSchema>;

export const ForumPostIdSchema = z.object({ id: IdSchema });

// Forum comments use the comment rules and page shape of podcasts and blogs:
// CommentListSchema and AddCommentSchema in ./content.

// ---------------------------------------------------------------- places

export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

export const PlaceListSchema = z
  .object({
    search: searchText(),
    category: z.enum(['all', ...PLACE_CATEGORIES], { error: () => messages.places.categoryInvalid }).optional(),
    limit: LimitSchema,
  })
  .prefault({});
export type PlaceListInput = z.input<typeof PlaceListSchema>;

export const PlaceSuggestionSchema = z.object({
  name: z
    .string({ error: () => messages.places.nameRequired })
    .trim()
    .min(1, say(() => messages.places.nameRequired))
    .max(TEXT_LIMITS.placeName, say(() => messages.places.nameMax)),
  description: z
    .string({ error: () => messages.places.descriptionLength })
    .trim()
    .min(10, say(() => messages.places.descriptionLength))
    .max(TEXT_LIMITS.placeDescription, say(() => messages.places.descriptionMax)),
  category: z.enum(PLACE_CATEGORIES, { error: () => messages.places.categoryInvalid }),
  address: z
    .string({ error: () => messages.places.addressRequired })
    .trim()
    .min(1, say(() => messages.places.addressRequired))
    .max(TEXT_LIMITS.placeAddress, say(() => messages.places.addressMax)),
});
export type PlaceSuggestionInput = z.input<typeof PlaceSuggestionSchema>;

// ---------------------------------------------------------------- hub

export const HubSearchSchema = z.object({ q: searchText() }).prefault({});

export const ActivitySchema = z
  .object({
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(30, 'Limit must be at most 30')
      .default(8),
  })
  .prefault({});

/** The token of a mailed newsletter link (confirm, unsubscribe). */
export const NewsletterTokenSchema = z.object({
  token: z.string({ error: () => messages.newsletter.tokenInvalid }).trim().min(10, say(() => messages.newsletter.tokenInvalid)).max(200, say(() => messages.newsletter.tokenInvalid)),
});

/** The public archive of sent issues, newest first: a page by `limit` and `offset`. */
export const NewsletterArchiveSchema = PageSchema.pick({ limit: true, offset: true });

/** An issue admins write: its subject, its markdown, and which subscribers it goes to. */
export const NewsletterIssueSchema = z.object({
  subject: z.string({ error: () => messages.newsletter.subjectRequired }).trim().min(1, say(() => messages.newsletter.subjectRequired)).max(TEXT_LIMITS.newsletterSubject, say(() => messages.newsletter.subjectTooLong)),
  markdown: z.string({ error: () => messages.newsletter.bodyRequired }).trim().min(1, say(() => messages.newsletter.bodyRequired)).max(TEXT_LIMITS.newsletterBody, say(() => messages.newsletter.bodyTooLong)),
  frequency: z.enum(NEWSLETTER_FREQUENCIES, { error: () => messages.newsletter.frequencyInvalid }),
});
export type NewsletterIssueInput = z.input<typeof NewsletterIssueSchema>;
