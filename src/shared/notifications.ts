import { commentHref, contentHref, type CommentedType, type ContentType } from './links';

/**
 * What a member is told about, each by its cause: a reply to her comment or on her forum post,
 * a mention, her held post or comment approved or rejected, a spot from an event's waitlist,
 * an event's reminder or change (time, place, cancellation), her report reviewed; and, for
 * staff, a new report and an item waiting for review.
 */
export const NOTIFICATION_KINDS = [
  'reply',
  'mention',
  'held_approved',
  'held_rejected',
  'waitlist_promoted',
  'event_reminder',
  'event_changed',
  'report_resolved',
  'report_new',
  'review_waiting',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds only staff (moderators and admins) receive. */
export const STAFF_NOTIFICATION_KINDS = ['report_new', 'review_waiting'] as const satisfies readonly NotificationKind[];

/** What a notification is about: a thread or an event (its page), or, for reports and review, the queue it sits in. */
export type NotificationTargetType = ContentType | 'report' | 'review';

/** At most this many ids in one mark-as-read call; more is refused, not cut. */
export const NOTIFICATION_READ_IDS_MAX = 100;
/** Notifications a page holds. */
export const NOTIFICATION_PAGE_SIZE = 20;
/** Read notifications are kept this many days, then deleted. */
export const READ_NOTIFICATION_DAYS = 90;

/** The kinds about one comment (`commentId`): their links lead to the comment in its thread. */
const ABOUT_A_COMMENT: readonly NotificationKind[] = ['reply', 'mention'];
const COMMENTED: readonly CommentedType[] = ['podcast', 'blog', 'forum'];
const isCommented = (type: NotificationTargetType): type is CommentedType => (COMMENTED as readonly string[]).includes(type);

/** Where a notification leads: the comment in its thread (a reply, a mention in a comment), the thread or event, her reports, or the staff queue. */
export function notificationHref(notification: {
  kind: NotificationKind;
  target: { type: NotificationTargetType; id: number };
  detail?: string | null;
  commentId?: number | null;
}): string {
  const { kind, target, detail = null, commentId = null } = notification;
  if (detail === 'cancelled') return '/events';
  switch (target.type) {
    case 'report':
      return kind === 'report_new' ? '/admin?tab=reports' : '/settings/safety';
    case 'review':
      return '/admin?tab=review';
    default:
      if (commentId !== null && ABOUT_A_COMMENT.includes(kind) && isCommented(target.type)) return commentHref(target.type, target.id, commentId);
      return contentHref(target.type, target.id);
  }
}

/** Her Notification Settings screen: every notification mail links to it. */
export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications';

/** How a kind reaches her by mail: never, at once, or gathered in a daily or weekly digest. */
export const NOTIFICATION_MAIL = ['off', 'instant', 'daily', 'weekly'] as const;
export type NotificationMail = (typeof NOTIFICATION_MAIL)[number];

/** Her choice for one kind: shown on the site or not, and how it is mailed. */
export interface NotificationPreference {
  site: boolean;
  mail: NotificationMail;
}

/**
 * What each kind does until she chooses: replies and mentions in a daily digest, event changes
 * and waitlist spots at once, staff kinds on the site only.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationKind, NotificationPreference> = {
  reply: { site: true, mail: 'daily' },
  mention: { site: true, mail: 'daily' },
  held_approved: { site: true, mail: 'off' },
  held_rejected: { site: true, mail: 'off' },
  waitlist_promoted: { site: true, mail: 'instant' },
  event_reminder: { site: true, mail: 'instant' },
  event_changed: { site: true, mail: 'instant' },
  report_resolved: { site: true, mail: 'off' },
  report_new: { site: true, mail: 'off' },
  review_waiting: { site: true, mail: 'off' },
};
