import { normalizeForSearch } from './normalize';

/**
 * The rules for a watched word as an admin types it, apart from the matcher so that the
 * form and its schema don't carry the matcher's confusables table into the browser.
 */

/** The longest watched word or phrase an admin can add, in characters. */
export const WATCHED_WORD_MAX_LENGTH = 60;

/**
 * Characters that show nothing: Unicode's Default_Ignorable_Code_Point (zero-width spaces and
 * joiners, bidi controls, soft hyphens, variation selectors, tag characters, Hangul fillers,
 * U+180E, U+17B4/17B5, ...), from the engine's own Unicode data.
 */
export const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** A word of a text: a run of letters, digits, `@` and `$`. */
export const WORD = /[\p{L}\p{N}@$]+/gu;
const HAS_WORD = /[\p{L}\p{N}@$]/u;

/** Whether a watched word still holds letters or digits once normalised and its invisible characters removed (a lone "." watches nothing). */
export function holdsWatchableLetters(word: string): boolean {
  return HAS_WORD.test(normalizeForSearch(word.replace(DEFAULT_IGNORABLE, '')).replace(DEFAULT_IGNORABLE, ''));
}
