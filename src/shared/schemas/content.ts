import { z } from 'zod';
import { messages } from '../messages';
import { IdSchema, say } from './fields';
import { PAGE_SIZE, TEXT_LIMITS } from '../limits';
import { COMMENTED_ENTITIES, wireNames } from '../entities';

import { ALL_CATEGORIES, BLOG_CATEGORIES, DIRECTORY_CATEGORIES, PODCAST_CATEGORIES } from '../categories';

// The lists live in ../categories, free of zod, so the client's list pages can use them
// without loading the validation chunk.
export { ALL_CATEGORIES, BLOG_CATEGORIES, DIRECTORY_CATEGORIES, PODCAST_CATEGORIES };

export { PAGE_SIZE };

const limitField = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(PAGE_SIZE.max, `limit must be at most ${PAGE_SIZE.max}`)
  .default(PAGE_SIZE.default);
const offsetField = z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be at least 0').max(1_000_000, 'offset is too large').default(0);

const CURSOR_MESSAGE = 'cursor must be the id of the last item shown';
const cursorField = z.coerce
  .number({ error: CURSOR_MESSAGE })
  .int(CURSOR_MESSAGE)
  .positive(CURSOR_MESSAGE)
  .max(2_147_483_647, CURSOR_MESSAGE)
  .nullish();

/**
 * A page of a list, the site's and the admin panel's alike. The app pages by keyset: `cursor`
 * is the id of the last item already shown, and the next page starts after it however many
 * items were added meanwhile. API clients keep `limit`/`offset` over REST (the offset counts
 * when no cursor is given). tRPC sends numbers and REST query strings arrive as text, hence
 * the coercion.
 */
export const PageSchema = z.object({ limit: limitField, offset: offsetField, cursor: cursorField });

/** A boolean given as JSON or as the strings 'true'/'false' of a query string. */
const queryBoolean = (name: string) =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], { error: `${name} must be true or false` });

const SearchSchema = z
  .string({ error: 'search must be text' })
  .trim()
  .max(100, say(() => messages.hub.listSearchMax))
  .optional()
  .transform((value) => value || undefined);

const CategoryFilterSchema = z
  .string({ error: 'category must be text' })
  .trim()
  .max(100, 'category can be at most 100 characters')
  .optional()
  // 'all' (any case) and '' mean no category filter.
  .transform((value) => (!value || value.toLowerCase() === ALL_CATEGORIES ? undefined : value));

export const PodcastListSchema = PageSchema.extend({ search: SearchSchema, category: CategoryFilterSchema });
export type PodcastListInput = z.input<typeof PodcastListSchema>;
/** A podcast list input once parsed. */
export type PodcastListQuery = z.output<typeof PodcastListSchema>;

/** `published` is accepted in the query string; the public list serves published articles only. */
export const BlogListSchema = PageSchema.extend({ search: SearchSchema, category: CategoryFilterSchema, published: queryBoolean('published').optional() });
export type BlogListInput = z.input<typeof BlogListSchema>;
/** A blog list input once parsed (limit, offset and cursor filled in). */
export type BlogListQuery = z.output<typeof BlogListSchema>;

/** How the directory is ordered: newest first (the default), or most liked, then best rated, first. */
export const DIRECTORY_SORTS = ['newest', 'popular'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

export const DirectoryListSchema = PageSchema.extend({
  search: SearchSchema,
  category: CategoryFilterSchema,
  sort: z.enum(DIRECTORY_SORTS, { error: 'sort must be newest or popular' }).default('newest'),
});
export type DirectoryListInput = z.input<typeof DirectoryListSchema>;
/** A directory list input once parsed. */
export type DirectoryListQuery = z.output<typeof DirectoryListSchema>;

/** `upcoming=false` asks for past events. */
export const EventListSchema = PageSchema.extend({ upcoming: queryBoolean('upcoming').default(true) });
export type EventListInput = z.input<typeof EventListSchema>;
/** An event list input once parsed. */
export type EventListQuery = z.output<typeof EventListSchema>;

export const ByIdSchema = z.object({ id: IdSchema });

/**
 * The items of one list page, for what the viewer did with each (her likes, her RSVPs): one
 * call per page instead of one per card. At most a page's worth; repeated ids count once.
 */
export const ByIdsSchema = z.object({
  ids: z
    .array(IdSchema, { error: 'ids must be a list of ids' })
    .min(1, 'ids must name at least one item')
    .max(PAGE_SIZE.max, `ids must name at most ${PAGE_SIZE.max} items`)
    .transform((ids) => [...new Set(ids)]),
});

/** Her like on an item (podcast, article, listing or forum post): `liked` on or off; left out, it is turned over (the documented REST paths that toggle). */
export const LikeSchema = ByIdSchema.extend({ liked: z.boolean({ error: 'liked must be true or false' }).optional() });

export const COMMENT_MAX = TEXT_LIMITS.comment;
/** A comment is trimmed and refused when empty; the form uses the same rule. */
export const CommentContentSchema = z
  .string({ error: () => messages.comments.contentRequired })
  .trim()
  .min(1, say(() => messages.comments.contentRequired))
  .max(COMMENT_MAX, say(() => messages.comments.tooLong));

export const CommentFormSchema = z.object({ content: CommentContentSchema });
/** A comment on an item (`id`); with `parentId`, a reply to that comment (one level: a reply to a reply joins its comment). */
export const AddCommentSchema = z.object({ id: IdSchema, content: CommentContentSchema, parentId: IdSchema.nullish() });
export const CommentListSchema = PageSchema.extend({ id: IdSchema });

/** Where a comment lives: under a podcast, a blog article or a forum post. */
export const COMMENT_KINDS = wireNames(COMMENTED_ENTITIES);
export type CommentKind = (typeof COMMENT_KINDS)[number];
const CommentKindSchema = z.enum(COMMENT_KINDS, { error: 'kind must be podcast, blog or forum' });

/** One comment, to delete it. */
export const CommentRefSchema = z.object({ kind: CommentKindSchema, id: IdSchema });
