import { z } from 'zod';
import { messages } from '../messages';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_TARGET_TYPES, REVIEWABLE_KINDS, WATCHED_WORD_ACTIONS, type ReviewableKind } from '../moderation';
import { holdsWatchableLetters, WATCHED_WORD_MAX_LENGTH } from '../text/watched-word-form';
import { IdSchema, say } from './fields';
import { PageSchema } from './content';
import { TEXT_LIMITS } from '../limits';

const m = messages.moderation;

/**
 * A watched word or phrase; it must still hold letters once normalised (a lone "." watches
 * nothing), and be at most WATCHED_WORD_MAX_LENGTH characters: a watched word is a slur or a
 * short phrase, not a sentence.
 */
export const WatchedWordSchema = z.object({
  word: z
    .string({ error: () => m.wordRequired })
    .trim()
    .min(1, say(() => m.wordRequired))
    .max(WATCHED_WORD_MAX_LENGTH, say(() => m.wordTooLong))
    .refine(holdsWatchableLetters, say(() => m.wordHasNoLetters)),
  action: z.enum(WATCHED_WORD_ACTIONS, { error: () => m.actionInvalid }),
});
export type WatchedWordInput = z.input<typeof WatchedWordSchema>;

/** The audit log, newest first, optionally one admin's or one action's entries. */
export const AuditListSchema = PageSchema.extend({
  adminId: IdSchema.optional(),
  action: z.string({ error: 'action must be text' }).trim().max(100, 'action must be at most 100 characters').optional(),
});

const REVIEW_CURSOR = new RegExp(`^(${REVIEWABLE_KINDS.join('|')}):([1-9][0-9]{0,9})$`);
const REVIEW_CURSOR_MESSAGE = 'cursor must be the kind and id of the last item shown, such as forum_post:12';

/**
 * The review queue's page. Ids repeat across kinds (forum post 3, forum comment 3), so its
 * `cursor` names the last item shown as `kind:id`.
 */
export const ReviewListSchema = PageSchema.extend({
  cursor: z
    .string({ error: REVIEW_CURSOR_MESSAGE })
    .regex(REVIEW_CURSOR, REVIEW_CURSOR_MESSAGE)
    .transform((cursor) => {
      const [kind, id] = cursor.split(':');
      return { kind: kind as ReviewableKind, id: Number(id) };
    })
    .refine((cursor) => cursor.id <= 2_147_483_647, REVIEW_CURSOR_MESSAGE)
    .nullish(),
});

export const WatchedWordIdSchema = z.object({ id: IdSchema });

/** Suspend a member for a number of days, with the reason she will be shown. */
export const SuspendSchema = z.object({
  id: IdSchema,
  days: z.coerce.number({ error: () => m.suspendDays }).int(m.suspendDays).min(1, say(() => m.suspendDays)).max(365, say(() => m.suspendDays)),
  reason: z.string({ error: () => m.suspendReasonRequired }).trim().min(1, say(() => m.suspendReasonRequired)).max(TEXT_LIMITS.suspendReason, say(() => m.suspendReasonTooLong)),
});
export type SuspendInput = z.input<typeof SuspendSchema>;

const s = messages.safety;

/** POST /api/reports: what is reported, why, and optionally a few words more. */
export const ReportSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: () => s.reportTargetInvalid }),
  targetId: IdSchema,
  reason: z.enum(REPORT_REASONS, { error: () => s.reportReasonInvalid }),
  details: z.string({ error: () => s.reportDetailsTooLong }).trim().max(TEXT_LIMITS.reportDetails, say(() => s.reportDetailsTooLong)).optional(),
});
export type ReportInput = z.input<typeof ReportSchema>;

/** A moderator's decision on a reported item; `days` is needed to suspend its author, the note is shown to her as the reason. */
export const ResolveReportSchema = z.object({
  id: IdSchema,
  action: z.enum(REPORT_ACTIONS, { error: () => s.actionInvalid }),
  days: z.coerce.number({ error: () => m.suspendDays }).int(m.suspendDays).min(1, say(() => m.suspendDays)).max(365, say(() => m.suspendDays)).optional(),
  note: z.string({ error: () => s.noteTooLong }).trim().max(TEXT_LIMITS.moderatorNote, say(() => s.noteTooLong)).optional(),
});
export type ResolveReportInput = z.input<typeof ResolveReportSchema>;

/** One item of the review queue: which kind of content, and which one. */
export const ReviewItemSchema = z.object({
  kind: z.enum(REVIEWABLE_KINDS, { error: () => s.reviewKindInvalid }),
  id: IdSchema,
});

/** POST /api/blocks, DELETE /api/blocks/{userId}. */
export const BlockSchema = z.object({ userId: IdSchema });
