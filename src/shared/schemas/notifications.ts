import { z } from 'zod';
import { COMMENT_KINDS } from './content';
import { NOTIFICATION_KINDS, NOTIFICATION_MAIL, NOTIFICATION_PAGE_SIZE, NOTIFICATION_READ_IDS_MAX } from '../notifications';
import { messages } from '../messages';
import { say } from './fields';

const CURSOR_MESSAGE = 'cursor must be the id of the last notification shown';

/** GET /api/notifications: newest first, after `cursor` (the last id shown). */
export const NotificationListSchema = z
  .object({
    cursor: z.coerce.number({ error: CURSOR_MESSAGE }).int(CURSOR_MESSAGE).positive(CURSOR_MESSAGE).max(2_147_483_647, CURSOR_MESSAGE).nullish(),
    limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(50, 'limit must be at most 50').default(NOTIFICATION_PAGE_SIZE),
  })
  .default({ limit: NOTIFICATION_PAGE_SIZE });

const IDS_MESSAGE = `ids must be a list of 1 to ${NOTIFICATION_READ_IDS_MAX} notification ids`;
const notificationId = z.number({ error: IDS_MESSAGE }).int(IDS_MESSAGE).positive(IDS_MESSAGE).max(2_147_483_647, IDS_MESSAGE);

/** POST /api/notifications/read: `{ids}` (at most NOTIFICATION_READ_IDS_MAX, refused beyond, never cut) or `{all: true}`. */
export const NotificationReadSchema = z
  .object({
    ids: z.array(notificationId, { error: IDS_MESSAGE }).min(1, IDS_MESSAGE).max(NOTIFICATION_READ_IDS_MAX, IDS_MESSAGE).optional(),
    all: z.literal(true, { error: 'all must be true' }).optional(),
  }, { error: 'Send ids (a list of notification ids) or all: true' })
  .refine((input) => (input.ids === undefined) !== (input.all === undefined), 'Send ids (a list of notification ids) or all: true');

const THREAD_MESSAGE = `thread must be ${COMMENT_KINDS.join(', ')} and an id, as forum:12`;

/** GET /api/mentions: a thread ('forum:12', 'blog:3', 'podcast:7') and the start of a name. */
export const MentionQuerySchema = z.object({
  thread: z
    .string({ error: THREAD_MESSAGE })
    .regex(/^(podcast|blog|forum):[1-9][0-9]{0,9}$/, THREAD_MESSAGE)
    .transform((value) => {
      const [type, id] = value.split(':');
      return { type: type as (typeof COMMENT_KINDS)[number], id: Number(id) };
    })
    .refine((thread) => thread.id <= 2_147_483_647, THREAD_MESSAGE),
  q: z.string({ error: 'q must be text' }).trim().max(50, 'q must be at most 50 characters').default(''),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(20, 'limit must be at most 20').default(8),
});

const MAIL_MESSAGE = `mail must be ${NOTIFICATION_MAIL.join(', ')}`;
const PreferenceChangeSchema = z.strictObject(
  { site: z.boolean({ error: 'site must be true or false' }).optional(), mail: z.enum(NOTIFICATION_MAIL, { error: MAIL_MESSAGE }).optional() },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Each kind takes only site and mail' : 'Each kind takes {site, mail}') },
);

/** PUT /api/notifications/preferences: the kinds she changes, each `{site?, mail?}`; an unknown kind is refused. */
export const NotificationPreferencesSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, PreferenceChangeSchema.optional()])) as Record<(typeof NOTIFICATION_KINDS)[number], z.ZodOptional<typeof PreferenceChangeSchema>>,
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Kinds are ${NOTIFICATION_KINDS.join(', ')}` : 'Send the kinds to change, as {reply: {site, mail}}') },
);

/**
 * POST (and GET) /api/notifications/unsubscribe?token=: the token of a notification mail's
 * one-click link. A mail app's post also carries `List-Unsubscribe=One-Click`, which changes nothing.
 */
export const NotificationUnsubscribeSchema = z.object({
  token: z.string({ error: () => messages.notifications.unsubscribeInvalid }).trim().min(10, say(() => messages.notifications.unsubscribeInvalid)).max(200, say(() => messages.notifications.unsubscribeInvalid)),
});
