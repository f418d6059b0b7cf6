import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeForSearch, stemForSearch } from './normalize';

const DIACRITICS = ['\u064b', '\u064c', '\u064d', '\u064e', '\u064f', '\u0650', '\u0651', '\u0652', '\u0653', '\u0654', '\u0655', '\u0670'];
const TATWEEL = '\u0640';
const VARIANTS: [string, string][] = [
  ['أ', 'ا'],
  ['إ', 'ا'],
  ['آ', 'ا'],
  ['ٱ', 'ا'],
  ['ى', 'ي'],
  ['ة', 'ه'],
  ['ؤ', 'و'],
  ['ئ', 'ي'],
];

const char = (chars: string) => fc.constantFrom(...chars);
const text = (chars: fc.Arbitrary<string>, maxLength = 30) => fc.array(chars, { maxLength }).map((list) => list.join(''));
/** Letters and signs members type, in the cases and forms the rules fold. */
const anyChar = fc.oneof(
  char('abcxyzABCXYZ0123 %_\\-.'),
  char('ابتجدرسعلمنهويءأإآٱىةؤئ'),
  char('éÉèçÇñÑüÜåÅøØßẞİıΣσςΟδДжЖ'),
  char('ﻷﺓﺍﺏﬁＡａ％＿①'),
  fc.constantFrom(...DIACRITICS, TATWEEL, '\u0301', '\u0308'),
);
const plainArabic = text(char('ابتجدرسعلمنهوي'), 12);

describe('normalizeForSearch', () => {
  it('lower-cases, drops accents and Arabic marks and folds Arabic letter variants', () => {
    expect(normalizeForSearch('Yoga FOR Beginners')).toBe('yoga for beginners');
    expect(normalizeForSearch('Café Crème, São Paulo, Ørsted')).toBe('cafe creme, sao paulo, ørsted');
    expect(normalizeForSearch('مَدْرَسَة')).toBe('مدرسه');
    expect(normalizeForSearch('مدرسة')).toBe('مدرسه');
    expect(normalizeForSearch('أحمد وإيمان وآمنة')).toBe('احمد وايمان وامنه');
    expect(normalizeForSearch('ٱلله')).toBe('الله');
    expect(normalizeForSearch('إلى مستشفى')).toBe('الي مستشفي');
    expect(normalizeForSearch('مسؤول رئيس')).toBe('مسوول رييس');
    expect(normalizeForSearch('جـــميـلة')).toBe('جميله');
    expect(normalizeForSearch('هٰذا')).toBe('هذا');
  });

  it('maps compatibility forms to the letters they show', () => {
    expect(normalizeForSearch('ﻷ')).toBe('لا');
    expect(normalizeForSearch('ﺓ')).toBe('ه');
    expect(normalizeForSearch('ﬁt ＡＢＣ')).toBe('fit abc');
  });

  it('lowers letter by letter, as the database does', () => {
    expect(normalizeForSearch('ΟΔΟΣ')).toBe('οδοσ');
    expect(normalizeForSearch('İstanbul')).toBe('istanbul');
    expect(normalizeForSearch('ДОМ')).toBe('дом');
  });

  it('keeps spaces, digits, punctuation and LIKE wildcards', () => {
    expect(normalizeForSearch('100% a_b \\ c-d')).toBe('100% a_b \\ c-d');
    expect(normalizeForSearch('')).toBe('');
  });

  it('is idempotent', () => {
    fc.assert(fc.property(text(anyChar), (value) => normalizeForSearch(normalizeForSearch(value)) === normalizeForSearch(value)));
  });

  it('leaves no capital, dropped mark or letter variant', () => {
    fc.assert(
      fc.property(text(anyChar), (value) => {
        const normalized = normalizeForSearch(value);
        // eslint-disable-next-line no-misleading-character-class -- the marks are listed on their own.
        expect(normalized).not.toMatch(/[A-Z\u0300-\u036f\u0640\u064b-\u065f\u0670أإآٱىةؤئ]/u);
      }),
    );
  });

  it('ignores Arabic diacritics and tatweel wherever they are typed', () => {
    const marks = fc.array(fc.constantFrom(...DIACRITICS, TATWEEL), { maxLength: 3 }).map((list) => list.join(''));
    fc.assert(
      fc.property(plainArabic, fc.array(marks, { minLength: 13, maxLength: 13 }), (word, inserted) => {
        const marked = [...word].map((letter, index) => letter + inserted[index]).join('');
        expect(normalizeForSearch(marked)).toBe(normalizeForSearch(word));
      }),
    );
  });

  it('folds each variant of alef, yeh, teh marbuta and waw to its plain letter, wherever it stands', () => {
    fc.assert(
      fc.property(plainArabic, plainArabic, fc.constantFrom(...VARIANTS), (before, after, [variant, plain]) => {
        expect(normalizeForSearch(before + variant + after)).toBe(normalizeForSearch(before + plain + after));
      }),
    );
  });

  it('is case-insensitive for Latin text', () => {
    fc.assert(
      fc.property(text(char('abcdefghijklmnopqrstuvwxyzéèçñü 0-')), (value) => {
        expect(normalizeForSearch(value.toUpperCase())).toBe(normalizeForSearch(value));
      }),
    );
  });

  it('keeps a substring a substring, so a normalised search finds normalised text', () => {
    fc.assert(
      fc.property(text(anyChar), text(anyChar, 8), text(anyChar), (before, word, after) => {
        // A combining mark at the edge of the word may belong to the letter before it.
        fc.pre(!/^\p{M}/u.test(word) && !/^\p{M}/u.test(after));
        expect(normalizeForSearch(before + word + after)).toContain(normalizeForSearch(word));
      }),
    );
  });
});

/** The prefixes of Lucene's ArabicStemmer, in its order. */
const LUCENE_PREFIXES = ['ال', 'وال', 'بال', 'كال', 'فال', 'لل', 'و'];

/**
 * Lucene's ArabicStemmer.stemPrefix, written as it is there: the first prefix that the word
 * starts with and that leaves at least two letters (three after و) goes.
 */
function luceneStemPrefix(word: string): string {
  for (const prefix of LUCENE_PREFIXES) {
    const longEnough = prefix.length === 1 ? word.length >= 4 : word.length >= prefix.length + 2;
    if (longEnough && word.startsWith(prefix)) return word.slice(prefix.length);
  }
  return word;
}

/** Words as Unicode's properties tell them: runs of the Arabic script's letters and marks. */
const ARABIC_WORD = /(?:(?=\p{Script=Arabic})[\p{L}\p{M}])+/gu;

/** The rule as the stemmer states it: normalised text, each Arabic word stemmed on its own. */
const expected = (text: string) => normalizeForSearch(text).replace(ARABIC_WORD, luceneStemPrefix);

/** Arabic words made of the prefixes (plain, with marks or letter variants) and a few letters. */
const arabicWord = fc
  .tuple(fc.constantFrom('', ...LUCENE_PREFIXES, 'وَال', 'ٱل', 'أل', 'لِل', 'وَ'), text(char('ابتجدرسعلمنهويءأةىؤ\u064e\u0640'), 6))
  .map(([prefix, rest]) => prefix + rest);
const arabicWords = (separators: string) =>
  fc.array(fc.tuple(arabicWord, char(separators)), { maxLength: 8 }).map((pairs) => pairs.map(([word, separator]) => word + separator).join(''));

describe('stemForSearch', () => {
  it("strips each of Lucene's Arabic prefixes, so 'المدرسة' and 'مدرسة' search alike", () => {
    for (const word of ['المدرسة', 'والمدرسة', 'بالمدرسة', 'كالمدرسة', 'فالمدرسة', 'للمدرسة', 'ومدرسة', 'مدرسة']) {
      expect(stemForSearch(word)).toBe('مدرسه');
    }
    expect(stemForSearch('ذهبت إلى المدرسة والبيت، ثم للسوق')).toBe('ذهبت الي مدرسه بيت، ثم سوق');
    expect(stemForSearch('وَالْمَدْرَسَةُ ٱلْكَبِيرَة')).toBe('مدرسه كبيره');
  });

  it("keeps the letters Lucene's length rules keep: two after a prefix, three after و", () => {
    expect(stemForSearch('ولد')).toBe('ولد');
    expect(stemForSearch('وطن')).toBe('وطن');
    expect(stemForSearch('الم')).toBe('الم');
    expect(stemForSearch('لله')).toBe('لله');
    expect(stemForSearch('وال بال')).toBe('وال بال');
    expect(stemForSearch('الشمس')).toBe('شمس');
    expect(stemForSearch('وطني')).toBe('طني');
    // وال would leave one letter, so only و goes.
    expect(stemForSearch('والد')).toBe('الد');
  });

  it('strips one prefix per word, at the start of the word only', () => {
    expect(stemForSearch('الولد')).toBe('ولد');
    expect(stemForSearch('وللمدرسة')).toBe('للمدرسه');
    expect(stemForSearch('حالات مالك')).toBe('حالات مالك');
    expect(stemForSearch('(المدرسة) 12المدرسة Aالمدرسة')).toBe('(مدرسه) 12مدرسه aمدرسه');
  });

  it('gives English and other text without Arabic letters as normalizeForSearch does', () => {
    fc.assert(
      fc.property(text(fc.oneof(char('abcxyzABCXYZ0123 %_\\-.'), char('éÉèçÇñÑüÜåÅøØßẞİıΣσςΟδДжЖ'), char('ﬁＡａ％＿①'))), (value) => {
        expect(stemForSearch(value)).toBe(normalizeForSearch(value));
      }),
    );
    expect(stemForSearch('All along the wall, Alla')).toBe('all along the wall, alla');
  });

  it("agrees with Lucene's stemPrefix, word by word, on generated Arabic text", () => {
    fc.assert(
      fc.property(arabicWords(' .,،-1a\u001f'), (value) => {
        expect(stemForSearch(value)).toBe(expected(value));
      }),
      { numRuns: 500 },
    );
  });

  it('tells words apart as Unicode does, for every character of the Arabic blocks and around them', () => {
    const differing: string[] = [];
    for (let code = 0x20; code <= 0x900; code++) {
      const char = String.fromCodePoint(code);
      // Before a word, inside a prefix and inside the letters the length rules count.
      for (const value of [`${char}والكتاب`, `ال${char}ب`, `ال${char}`, `و${char}لد`, `وال${char}كت`, `كت${char}لل${char}`]) {
        if (stemForSearch(value) !== expected(value)) differing.push(`U+${code.toString(16).toUpperCase().padStart(4, '0')} in ${value}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it('finds whole words wherever they stand: a search of whole words stays a substring of the text', () => {
    fc.assert(
      fc.property(arabicWords(' .،'), arabicWords(' ،'), arabicWords(' .'), (before, words, after) => {
        const phrase = words.trim();
        fc.pre(phrase !== '');
        expect(stemForSearch(`${before} ${phrase} ${after}`)).toContain(stemForSearch(phrase));
      }),
    );
  });
});
