/**
 * Search text normalisation, for everything that matches what members type against what
 * the site holds. The SQL function `bloom_search_text` (db/migrations/0001_search_trigram.sql),
 * which content search and its indexes use, applies the same rules, and
 * src/server/search.int.test.ts checks that both give the same text on both databases.
 * Change the two together, in a migration that also rebuilds the search indexes.
 */

/**
 * Marks a reader doesn't type or doesn't type the same way each time: Latin and other
 * combining accents (U+0300–U+036F, split off by NFKD), tatweel (U+0640), Arabic
 * diacritics (harakat, shadda, sukun, tanwin and the hamza and madda marks, U+064B–U+065F)
 * and the superscript alef (U+0670).
 */
// eslint-disable-next-line no-misleading-character-class -- the marks are listed on their own, to be removed.
const DROPPED_MARKS = /[\u0300-\u036f\u0640\u064b-\u065f\u0670]/g;

/** Arabic letters that people write interchangeably, folded to the plain letter. */
const LETTER_VARIANTS: Readonly<Record<string, string>> = {
  '\u0623': '\u0627', // أ → ا
  '\u0625': '\u0627', // إ → ا
  '\u0622': '\u0627', // آ → ا
  '\u0671': '\u0627', // ٱ → ا
  '\u0649': '\u064a', // ى → ي
  '\u0629': '\u0647', // ة → ه
  '\u0624': '\u0648', // ؤ → و
  '\u0626': '\u064a', // ئ → ي
};
const VARIANT_LETTERS = new RegExp(`[${Object.keys(LETTER_VARIANTS).join('')}]`, 'g');

/**
 * The form of `text` that search compares, so that "مدرسه" finds "مَدْرَسَة", "احمد" finds
 * "أحمد", "cafe" finds "Café" and "yoga" finds "YOGA":
 *
 * 1. Unicode NFKD: accented letters become letter + accent, hamza and madda letters
 *    become letter + mark (أ → ا + ٔ), and compatibility forms become plain letters
 *    (Arabic presentation forms, ligatures such as ﬁ, full-width and circled letters).
 * 2. Lower case, one character at a time as PostgreSQL's lower() does (so a final capital
 *    sigma becomes σ, not ς).
 * 3. {@link DROPPED_MARKS} removed.
 * 4. {@link LETTER_VARIANTS} folded: أ إ آ ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي.
 *
 * Pure and idempotent. Characters outside these rules (spaces, digits, punctuation,
 * `%` and `_`) are kept as they are.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replaceAll('\u03a3', '\u03c3')
    .toLowerCase()
    .replace(DROPPED_MARKS, '')
    .replace(VARIANT_LETTERS, (letter) => LETTER_VARIANTS[letter] ?? letter);
}
