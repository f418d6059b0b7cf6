import type { Db } from '#db/client';
import { watchedWords } from '#db/schema';
import { messages } from '#shared/messages';
import { createWatchedWordMatcher, type WatchedWordMatcher } from '#shared/text/watched-words';
import { badRequest } from '../errors';

/**
 * The watched-word list, prepared once and kept for a few seconds: every member write checks
 * its text against it. A change made in this process shows at once; one made in another
 * process within LIFETIME_MS.
 */
const LIFETIME_MS = 5_000;
const prepared = new WeakMap<Db, { matcher: Promise<WatchedWordMatcher>; until: number }>();
/** The last list prepared and its matcher: preparing 1,000 words takes some milliseconds of the event loop, so an unchanged list is not prepared again. */
const built = new WeakMap<Db, { list: string; matcher: WatchedWordMatcher }>();

function matcherFor(db: Db): Promise<WatchedWordMatcher> {
  const kept = prepared.get(db);
  if (kept && kept.until > Date.now()) return kept.matcher;
  const matcher = db
    .select({ word: watchedWords.word, action: watchedWords.action })
    .from(watchedWords)
    .orderBy(watchedWords.id)
    .then((rows) => {
      const list = JSON.stringify(rows);
      const last = built.get(db);
      if (last?.list === list) return last.matcher;
      const fresh = createWatchedWordMatcher(rows);
      built.set(db, { list, matcher: fresh });
      return fresh;
    });
  // A failed read is not kept: the next write asks again.
  matcher.catch(() => prepared.delete(db));
  prepared.set(db, { matcher, until: Date.now() + LIFETIME_MS });
  return matcher;
}

/** After the list changed: the next check reads it again. */
export function forgetWatchedWords(db: Db): void {
  prepared.delete(db);
}

/**
 * Screens the texts a member writes: refuses any that holds a blocked word (400, nothing
 * stored) and answers 'hold' when one holds a word moderators want to review first. Every
 * text a member writes goes through here: posts, comments, suggestions, applications.
 */
export async function screenMemberText(db: Db, ...texts: (string | null | undefined)[]): Promise<'hold' | null> {
  const matcher = await matcherFor(db);
  let hold = false;
  for (const text of texts) {
    const verdict = text ? matcher.verdict(text) : null;
    if (verdict === 'block') throw badRequest(messages.moderation.blockedLanguage);
    if (verdict === 'hold') hold = true;
  }
  return hold ? 'hold' : null;
}

/** For texts that reach only moderators anyway (suggestions, applications): only blocked words matter. */
export async function assertNoBlockedWords(db: Db, ...texts: (string | null | undefined)[]): Promise<void> {
  await screenMemberText(db, ...texts);
}
