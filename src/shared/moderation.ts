import { COMMENTED_ENTITIES, ENTITIES, wireNames } from './entities';

/** What a watched word does: refuse the text, or hold it for a moderator's review. */
export const WATCHED_WORD_ACTIONS = ['block', 'hold'] as const;
export type WatchedWordAction = (typeof WATCHED_WORD_ACTIONS)[number];

/**
 * Where a member's post or comment stands: `published` for everyone; `held` until a moderator
 * approves it (only its author sees it, marked 'Waiting for review'); `hidden` after reports
 * or a moderator's decision (nobody but the moderators sees it). Listings can only be hidden.
 */
export const PUBLICATION_STATES = ['published', 'held', 'hidden'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/** Why an item waits for review: its author is new, or it holds a `hold` watched word. */
export const HOLD_REASONS = ['new_member', 'watched_word'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** A member's first this-many posts and comments wait for review; after that she is established. */
export const REVIEWED_CONTRIBUTIONS = 3;

/** The profile fields a member writes herself; they pass the watched words like her posts. */
export const PROFILE_TEXT_FIELDS = ['firstName', 'lastName', 'bio', 'interests'] as const;
/** A profile change waiting for review: only the fields she changed. */
export type ProfileChange = Partial<Record<(typeof PROFILE_TEXT_FIELDS)[number], string>>;

/** A comment as a report target: named by its thread's wire name ('forum_comment'). */
const COMMENT_TARGET_TYPES = wireNames(COMMENTED_ENTITIES).map((kind) => `${kind}_comment` as const);

/** The content a member writes that waits for review: every report target but listings and members. */
export const REVIEWABLE_KINDS = [ENTITIES.forumPost.reportType, ...COMMENT_TARGET_TYPES] as const;
export type ReviewableKind = (typeof REVIEWABLE_KINDS)[number];

/** What a member can report (SPEC.md's `targetType`s, in its order). */
export const REPORT_TARGET_TYPES = [...REVIEWABLE_KINDS, ENTITIES.listing.reportType, ENTITIES.member.reportType] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['harassment', 'spam', 'inappropriate', 'self-harm', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * A member's post or comment reported by this many different members is hidden until a
 * moderator decides. A member whose earlier report of it a moderator dismissed doesn't count
 * again, and what staff published (their posts and comments, the directory's listings) is
 * never hidden by reports.
 */
export const AUTO_HIDE_REPORTERS = 3;

/** A member files at most this many reports in a day (the last 24 hours), so a few members can't flood the queue. */
export const REPORTS_PER_DAY = 20;

/** How a moderator closes a report: the item stays, is hidden, is deleted, or its author is suspended. */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'delete', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
