/**
 * Search text normalisation, for everything that matches what members type against what
 * the site holds. The SQL function `bloom_search_text` (db/migrations/0001_search_trigram.sql)
 * applies the same rules as normalizeForSearch, and `bloom_search_stem` (db/migrations, the
 * migration arabic_search_prefixes), which searches use, the same as stemForSearch; the
 * stored search text (bloom_search_document) holds both forms. src/server/search.int.test.ts
 * checks that each pair gives the same text on both databases. Change the twins together, in
 * a migration that also recomputes the stored search text (search_text and search_vector columns).
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

/**
 * The Arabic script's letters and combining marks (Arabic, Arabic Supplement, Arabic
 * Extended-A and -B blocks; tatweel aside, which normalisation drops): what an Arabic word is
 * made of. Anything else (space, punctuation, digits, Latin letters, the field separator
 * U+001F) ends a word.
 */
const ARABIC_WORD_CHARS =
  '[\\u0610-\\u061a\\u0620-\\u063f\\u0641-\\u065f\\u066e-\\u06d3\\u06d5-\\u06dc\\u06df-\\u06e8\\u06ea-\\u06ef\\u06fa-\\u06fc\\u06ff\\u0750-\\u077f\\u0870-\\u0887\\u0889-\\u088f\\u0897-\\u08e1\\u08e3-\\u08ff]';

/**
 * The prefix of an Arabic word that Lucene's Arabic light stemmer (ArabicStemmer.stemPrefix)
 * strips: the first of ال، وال، بال، كال، فال، لل، و that the word starts with and may lose,
 * where a prefix may go only when at least two letters remain, and و only when at least three
 * remain (so ولد stays ولد, while والد loses its و: وال would leave one letter). One prefix
 * per word at most. Where both وال and و may go, JavaScript takes the first alternative and
 * PostgreSQL the longest match: both وال, as Lucene's order does. The SQL twin
 * (bloom_strip_arabic_prefixes) uses this very pattern.
 */
const ARABIC_PREFIX = new RegExp(
  // eslint-disable-next-line no-misleading-character-class -- the marks are word characters on their own, as in SQL.
  `(?<!${ARABIC_WORD_CHARS})(?:(?:[\\u0648\\u0628\\u0643\\u0641]?\\u0627\\u0644|\\u0644\\u0644)(?=${ARABIC_WORD_CHARS}{2})|\\u0648(?=${ARABIC_WORD_CHARS}{3}))`,
  'g',
);

/**
 * The form of `text` that search compares, so that "المدرسة" and "والمدرسة" find "مدرسة":
 * {@link normalizeForSearch}, then each Arabic word's attached article, conjunction or
 * preposition ({@link ARABIC_PREFIX}) removed, as Lucene's Arabic light stemmer does after
 * its normaliser. Only the prefixes: its suffix step isn't needed, since ة already folds to ه
 * and a search finds a word within a longer one. Text without Arabic letters comes out as
 * normalizeForSearch gives it. Not idempotent (وللمدرسة → للمدرسه → مدرسه), as the stemmer
 * isn't: apply it once, to the text as written.
 */
export function stemForSearch(text: string): string {
  return normalizeForSearch(text).replace(ARABIC_PREFIX, '');
}

/**
 * What splits a normalised text into words for search (bloom_search_words in db/migrations,
 * the migration search_by_full_text, uses the same class): ASCII but letters and digits
 * (space, punctuation, controls, the field separator U+001F), Latin-1 punctuation and symbols,
 * × ÷, the Arabic comma, semicolon, question mark, percent sign, decimal and thousands
 * separators, star and full stop, general punctuation (spaces, dashes, quotes, zero-width and
 * direction marks) and CJK punctuation. Everything else, Arabic and other letters, digits and
 * emoji, makes words.
 */
// eslint-disable-next-line no-control-regex -- controls, U+001F among them, separate words.
const WORD_SEPARATORS = /[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\u0080-\u00bf\u00d7\u00f7\u060c\u061b\u061f\u066a-\u066d\u06d4\u2000-\u206f\u3000-\u303f]+/u;

/** The words of a normalised text ({@link stemForSearch}'s), as search indexes and looks them up. */
export function searchWords(normalized: string): string[] {
  return normalized.split(WORD_SEPARATORS).filter((word) => word !== '');
}
