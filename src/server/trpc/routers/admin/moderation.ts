import { and, desc, eq, sql } from 'drizzle-orm';
import { auditLog, watchedWords } from '../../../../../db/schema';
import { messages } from '../../../../shared/messages';
import { AuditListSchema, WatchedWordIdSchema, WatchedWordSchema } from '../../../../shared/schemas/moderation';
import { conflict, notFound } from '../../../errors';
import { forgetWatchedWords } from '../../../moderation/watched-words';
import { isUniqueViolation } from '../../../services/accounts';
import { adminProcedure, router } from '../../init';
import { pageOf } from './page';

const m = messages.moderation;

const watchedWordColumns = { id: watchedWords.id, word: watchedWords.word, action: watchedWords.action, createdAt: watchedWords.createdAt };

/** Watched words: what members may not write (block) or what waits for a moderator (hold). */
export const adminWatchedWordsRouter = router({
  list: adminProcedure.query(({ ctx }) => ctx.db.select(watchedWordColumns).from(watchedWords).orderBy(sql`lower(${watchedWords.word})`)),

  create: adminProcedure.input(WatchedWordSchema).mutation(async ({ ctx, input }) => {
    try {
      const [row] = await ctx.db
        .insert(watchedWords)
        .values({ ...input, createdBy: ctx.user.id })
        .returning(watchedWordColumns);
      forgetWatchedWords(ctx.db);
      return row!;
    } catch (error) {
      // The same word in any letter case is one entry (a unique index on its lower case).
      if (isUniqueViolation(error)) throw conflict(m.wordTaken);
      throw error;
    }
  }),

  delete: adminProcedure.input(WatchedWordIdSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.delete(watchedWords).where(eq(watchedWords.id, input.id)).returning({ id: watchedWords.id, word: watchedWords.word });
    if (!row) throw notFound(m.wordNotFound);
    forgetWatchedWords(ctx.db);
    return { success: true as const, message: m.wordRemoved, id: row.id, word: row.word };
  }),
});

/** The audit log, read-only: newest first, filtered by admin or action. */
export const adminAuditRouter = router({
  list: adminProcedure.input(AuditListSchema.optional()).query(({ ctx, input }) => {
    const { limit, offset } = pageOf(input);
    return ctx.db
      .select({
        id: auditLog.id,
        adminId: auditLog.adminId,
        adminName: auditLog.adminName,
        action: auditLog.action,
        targetId: auditLog.targetId,
        summary: auditLog.summary,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(and(input?.adminId ? eq(auditLog.adminId, input.adminId) : undefined, input?.action ? eq(auditLog.action, input.action) : undefined))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset);
  }),
});
