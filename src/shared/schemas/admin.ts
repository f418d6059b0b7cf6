import { z } from 'zod';
import { messages, type FieldName } from '../messages';
import { BLOG_CATEGORIES, DIRECTORY_CATEGORIES, PODCAST_CATEGORIES } from '../categories';
import { isAllowedEmbedUrl } from '../embed';
import { AdminPasswordSchema, SignupPasswordSchema } from './auth';
import { PlaceSuggestionSchema } from './community';
import { IdSchema, isEmail, say, type Text } from './fields';
import { PageSchema } from './content';
import { isTimeZone } from '../event-time';
import { TEXT_LIMITS } from '../limits';
import { ROLES } from '../roles';

/**
 * Inputs of the admin panel. Field order is rule order, so the first zod
 * issue is the message shown by the dialog and by the server alike.
 */
const m = messages.admin;

// ---------------------------------------------------------------- field pieces

const required = (message: Text, max: number, field: FieldName) =>
  z.string({ error: message }).trim().min(1, say(message)).max(max, say(() => m.tooLong(field, max)));

/** Optional free text: '', null and absent all mean "none" (stored as null). */
const optionalText = (max: number, field: FieldName) =>
  z
    .string({ error: () => m.mustBeText(field) })
    .trim()
    .max(max, say(() => m.tooLong(field, max)))
    .nullish()
    .transform((value) => value || null);

/** Tags as a list or as the form's comma-separated text; blanks dropped, duplicates merged. */
export const TagListSchema = z
  .union([z.string().max(TEXT_LIMITS.tags, say(() => m.tooLong('Tags', TEXT_LIMITS.tags))), z.array(z.string().max(50, say(() => m.tooLong('A tag', 50))))], { error: () => m.mustBeText('Tags') })
  .nullish()
  .transform((value) => {
    const list = typeof value === 'string' ? value.split(',') : (value ?? []);
    return [...new Set(list.map((tag) => tag.trim()).filter(Boolean))];
  })
  .refine((tags) => tags.length <= 20, say(() => m.tagsTooMany))
  .refine((tags) => tags.every((tag) => tag.length <= 50), say(() => m.tooLong('A tag', 50)));

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};
/** An image address: an http(s) URL, or a path on this site (our uploads, the bundled images). */
export const isImageAddress = (value: string) => isHttpUrl(value) || (/^\/[\w-][\w\-./]*$/.test(value) && !value.includes('..'));

/** Image URLs as a list or as the form's comma-separated text. */
const ImageListSchema = z
  .union([z.string().max(5000, say(() => m.imageUrlsInvalid)), z.array(z.string().max(2000, say(() => m.imageUrlsInvalid)))], { error: () => m.imageUrlsInvalid })
  .nullish()
  .transform((value) => {
    const list = typeof value === 'string' ? value.split(',') : (value ?? []);
    return list.map((url) => url.trim()).filter(Boolean);
  })
  .refine((urls) => urls.length <= 10 && urls.every(isImageAddress), say(() => m.imageUrlsInvalid));

/** Age in admin forms: a number of at least 1, optional; the form's '' means none. */
const OptionalAgeSchema = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? undefined : typeof value === 'string' ? Number(value) : value),
  z.number({ error: () => m.ageMin }).int(m.ageMin).min(1, say(() => m.ageMin)).max(150, say(() => m.ageMin)).optional(),
);

/** A boolean from JSON, or 'true'/'false' as text. */
const flag = (name: string, fallback: boolean) =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], { error: `${name} must be true or false` }).default(fallback);

// ---------------------------------------------------------------- lists

export const AdminListSchema = PageSchema;
const UserSearchSchema = z.string({ error: () => m.mustBeText('Search') }).trim().max(100, say(() => m.tooLong('Search', 100))).optional();
export const AdminUserListSchema = PageSchema.extend({ search: UserSearchSchema });
export const AdminUserCountSchema = z.object({ search: UserSearchSchema });
/** Places to Go in the admin panel: searched like the public page (name, description, tags, category). */
export const AdminPlaceListSchema = PageSchema.extend({ search: UserSearchSchema });
export type AdminUserListInput = z.input<typeof AdminUserListSchema>;
export const AdminByIdSchema = z.object({ id: IdSchema });

// ---------------------------------------------------------------- users and admins

export const ApprovalSchema = z.object({
  userId: IdSchema,
  isApproved: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], { error: () => m.isApprovedRequired }),
  /** Told to an applicant who is not approved, in her mail. */
  reason: z.string({ error: () => m.approvalReasonTooLong }).trim().max(TEXT_LIMITS.approvalReason, say(() => m.approvalReasonTooLong)).optional(),
});

const accountFields = {
  email: z
    .string({ error: () => m.emailInvalid })
    .trim()
    .refine(isEmail, say(() => m.emailInvalid))
    .transform((value) => value.toLowerCase()),
  firstName: required(() => m.firstNameRequired, TEXT_LIMITS.name, 'First name'),
  lastName: required(() => m.lastNameRequired, TEXT_LIMITS.name, 'Last name'),
  age: OptionalAgeSchema,
  interests: optionalText(TEXT_LIMITS.interests, 'Interests'),
  bio: optionalText(TEXT_LIMITS.bio, 'Bio'),
};

/**
 * An account's role, when a change sends one: it wins over `isAdmin`, which without it makes
 * her an admin (true) or takes admin rights away (false; a moderator stays one).
 */
export const RoleSchema = z.enum(ROLES, { error: () => m.roleInvalid });

/** Edit User (Community Users tab): isApproved defaults to true and isAdmin to false. */
export const UserFormSchema = z.object({
  ...accountFields,
  isAdmin: flag('isAdmin', false),
  isApproved: flag('isApproved', true),
  role: RoleSchema.optional(),
});
export type UserFormInput = z.input<typeof UserFormSchema>;
export const UserUpdateSchema = z.object({ id: IdSchema, ...UserFormSchema.shape });

/** Add New Admin: the password is required (at least 6 characters). */
export const AdminCreateSchema = z.object({ ...accountFields, password: AdminPasswordSchema });
export type AdminCreateInput = z.input<typeof AdminCreateSchema>;

/** Edit Admin: a blank password keeps the current one. */
export const AdminEditFormSchema = z.object({
  ...accountFields,
  password: z.union([z.literal('').transform(() => undefined), AdminPasswordSchema]).optional(),
});
export type AdminEditFormInput = z.input<typeof AdminEditFormSchema>;
/** Edit Admin may also change her role (a demotion takes her off the Admin Management tab when she becomes a member). */
export const AdminUpdateSchema = z.object({ id: IdSchema, ...AdminEditFormSchema.shape, role: RoleSchema.optional() });

/** Server side of Change Password: members keep the signup rule, admins the admin rule. */
export const UserPasswordSchema = z.object({ id: IdSchema, password: SignupPasswordSchema });
export const AdminPasswordChangeSchema = z.object({ id: IdSchema, password: AdminPasswordSchema });

/** The Change Password dialog: both fields must match before anything is sent. */
export const changePasswordFormSchema = (passwordRule: z.ZodType<string, string>) =>
  z
    .object({ password: z.string(), confirmPassword: z.string() })
    .refine((form) => form.password !== '' && form.password === form.confirmPassword, { error: () => m.passwordsDontMatch, path: ['confirmPassword'] })
    .pipe(z.object({ password: passwordRule, confirmPassword: z.string() }));
export const MemberChangePasswordFormSchema = changePasswordFormSchema(SignupPasswordSchema);
export const AdminChangePasswordFormSchema = changePasswordFormSchema(AdminPasswordSchema);

// ---------------------------------------------------------------- podcasts

/**
 * Takes the src out of pasted embed markup (or a bare embed URL). Only the URL is kept;
 * the markup is never stored or rendered.
 */
export function embedUrlFromIframe(markup: string): string | null {
  const trimmed = markup.trim();
  if (/^https:\/\//i.test(trimmed)) return isAllowedEmbedUrl(trimmed) ? trimmed : null;
  if (!/^<iframe[\s>]/i.test(trimmed)) return null;
  const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(trimmed);
  // The entities iframeFromEmbedUrl writes, so the edit form's markup reads back to the same URL.
  const url = (src?.[1] ?? src?.[2] ?? src?.[3] ?? '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return isAllowedEmbedUrl(url) ? url : null;
}

export const PodcastFormSchema = z.object({
  title: required(() => m.titleRequired, TEXT_LIMITS.itemTitle, 'Title'),
  description: required(() => m.descriptionRequired, TEXT_LIMITS.itemDescription, 'Description'),
  category: z.enum(PODCAST_CATEGORIES, { error: () => m.categoryRequired }),
  iframe: z
    .string({ error: () => m.iframeRequired })
    .trim()
    .min(1, say(() => m.iframeRequired))
    .max(5000, say(() => m.iframeInvalid))
    .refine((value) => embedUrlFromIframe(value) !== null, say(() => m.iframeInvalid)),
  tags: TagListSchema,
});
export type PodcastFormInput = z.input<typeof PodcastFormSchema>;
export const PodcastUpdateSchema = z.object({ id: IdSchema, ...PodcastFormSchema.shape });

// ---------------------------------------------------------------- directory

export const ListingFormSchema = z.object({
  name: required(() => m.nameRequired, TEXT_LIMITS.itemName, 'Name'),
  description: required(() => m.descriptionRequired, TEXT_LIMITS.itemDescription, 'Description'),
  category: z.enum(DIRECTORY_CATEGORIES, { error: () => m.categoryRequired }),
  address: optionalText(TEXT_LIMITS.listingAddress, 'Address'),
  phone: optionalText(50, 'Phone'),
  email: optionalText(254, 'Email').refine((value) => value === null || isEmail(value), say(() => m.listingEmailInvalid)),
  website: optionalText(2000, 'Website').refine((value) => value === null || isHttpUrl(value), say(() => m.websiteInvalid)),
  images: ImageListSchema,
  tags: TagListSchema,
});
export type ListingFormInput = z.input<typeof ListingFormSchema>;
export const ListingUpdateSchema = z.object({ id: IdSchema, ...ListingFormSchema.shape });

// ---------------------------------------------------------------- events

const EVENT_DATE_MIN = Date.UTC(1900, 0, 1);
const EVENT_DATE_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export const EventFormSchema = z.object({
  title: required(() => m.titleRequired, TEXT_LIMITS.itemTitle, 'Title'),
  description: required(() => m.descriptionRequired, TEXT_LIMITS.itemDescription, 'Description'),
  location: required(() => m.locationRequired, TEXT_LIMITS.eventLocation, 'Location'),
  /** ISO form (the dialog reads its date-time in the event's zone before sending). */
  dateTime: z
    .string({ error: () => m.dateTimeRequired })
    .trim()
    .min(1, say(() => m.dateTimeRequired))
    .refine((value) => !Number.isNaN(Date.parse(value)), say(() => m.dateTimeRequired))
    // JavaScript reads years PostgreSQL can't store (year 0, 10000, before Christ): refused here, not by the database.
    .refine((value) => Date.parse(value) >= EVENT_DATE_MIN && Date.parse(value) <= EVENT_DATE_MAX, say(() => m.dateTimeRange))
    .transform((value) => new Date(value).toISOString()),
  /** The IANA zone the event happens in; absent: the site's zone for a new event, unchanged for an edit. */
  timeZone: z
    .string({ error: () => m.timeZoneInvalid })
    .trim()
    .max(64, say(() => m.timeZoneInvalid))
    .refine(isTimeZone, say(() => m.timeZoneInvalid))
    .optional(),
  price: optionalText(20, 'Price'),
  maxAttendees: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : typeof value === 'string' ? Number(value) : value),
    z.number({ error: () => m.maxAttendeesMin }).int(m.maxAttendeesMin).min(1, say(() => m.maxAttendeesMin)).max(100_000, say(() => m.maxAttendeesMin)).optional(),
  ),
  images: ImageListSchema,
  tags: TagListSchema,
});
export type EventFormInput = z.input<typeof EventFormSchema>;
export const EventUpdateSchema = z.object({ id: IdSchema, ...EventFormSchema.shape });

// ---------------------------------------------------------------- blogs

export const BLOG_EXCERPT_HINT = { min: 100, max: 200 } as const;
export const COVER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** A cover is an http(s) URL, one of our uploads, or inline image data (stored as an upload by the server). */
export const isCoverValue = (value: string) => isImageAddress(value) || /^data:image\/[a-z0-9.+-]+;base64,/i.test(value);

/** True for inline data (`data:`, in any letter case: URL schemes are case-insensitive). */
export const isDataUrl = (value: string) => /^data:/i.test(value);

export const BlogFormSchema = z.object({
  title: required(() => m.titleRequired, TEXT_LIMITS.itemTitle, 'Title'),
  content: required(() => m.contentRequired, TEXT_LIMITS.blogContent, 'Content'),
  excerpt: required(() => m.excerptRequired, TEXT_LIMITS.blogExcerpt, 'Excerpt'),
  category: z.enum(BLOG_CATEGORIES, { error: () => m.categoryRequired }),
  authorName: required(() => m.authorNameRequired, TEXT_LIMITS.authorName, 'Author name'),
  coverImageUrl: z
    .string({ error: () => m.coverUrlInvalid })
    .trim()
    // base64 of 5 MB is about 6.7 million characters.
    .max(7_100_000, say(() => messages.uploads.tooLarge))
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isCoverValue(value), say(() => m.coverUrlInvalid)),
  tags: TagListSchema,
  isPublished: flag('isPublished', false),
});
export type BlogFormInput = z.input<typeof BlogFormSchema>;
export const BlogUpdateSchema = z.object({ id: IdSchema, ...BlogFormSchema.shape });

// ---------------------------------------------------------------- places

/**
 * A place in Places to Go: the fields a member suggests, with their rules, plus what only
 * admins set: its rating (0 to 5, one decimal; blank is 0), tags and the Recommended flag.
 */
export const PlaceFormSchema = PlaceSuggestionSchema.extend({
  rating: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 0 : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: () => m.ratingInvalid })
      .min(0, say(() => m.ratingInvalid))
      .max(5, say(() => m.ratingInvalid))
      .transform((value) => Math.round(value * 10) / 10),
  ),
  tags: TagListSchema,
  recommended: flag('recommended', false),
});
export type PlaceFormInput = z.input<typeof PlaceFormSchema>;
export const PlaceUpdateSchema = z.object({ id: IdSchema, ...PlaceFormSchema.shape });

// ---------------------------------------------------------------- newsletter

export const NewsletterExportSchema = PageSchema.extend({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});
