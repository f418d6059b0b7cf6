import fc from 'fast-check';
import confusables from 'unhomoglyph/data.json';
import { describe, expect, it } from 'vitest';
import { createWatchedWordMatcher, watchedWordTokens, type StepCounter, type WatchedWord } from './watched-words';

const LATIN_WORDS = ['ass', 'idiot', 'loser', 'stupid', 'hate you', 'kill yourself'];
const ARABIC_WORDS = ['غبية', 'حمار', 'اسكتي', 'عاهرة', 'قبيحة'];

const block = (...words: string[]): WatchedWord[] => words.map((word) => ({ word, action: 'block' }));

/** Disguises a member may use on one letter of a Latin word. */
const LATIN_SWAPS: Record<string, string[]> = { o: ['0'], i: ['1'], e: ['3'], a: ['4', '@'], s: ['$'] };
/** And on an Arabic one: letter variants and the Arabizi digits. */
const ARABIC_SWAPS: Record<string, string[]> = { ا: ['أ', 'إ', 'آ'], ي: ['ى'], ه: ['ة'], ع: ['3'], ح: ['7'], خ: ['5'], ق: ['9'] };
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u200f', '\u202e'];

/** Every Unicode Default_Ignorable_Code_Point: variation selectors, tag characters, Hangul fillers, U+180E, U+17B4, ... */
const DEFAULT_IGNORABLES: string[] = [];
for (let code = 0; code <= 0x10ffff; code++) {
  const char = String.fromCodePoint(code);
  if (/\p{Default_Ignorable_Code_Point}/u.test(char)) DEFAULT_IGNORABLES.push(char);
}
const invisible = fc.oneof(fc.constantFrom(...ZERO_WIDTH), fc.integer({ min: 0, max: DEFAULT_IGNORABLES.length - 1 }).map((index) => DEFAULT_IGNORABLES[index]!));

/**
 * For each Latin letter, the characters of other scripts that Unicode's confusables (TS #39,
 * as the unhomoglyph package ships them) list as its look-alikes: Cyrillic, Greek, full-width,
 * mathematical, dotless ı, ... Left out, as the matcher reads them otherwise on purpose: ASCII
 * (l and I, rn and m are ordinary spelling), the Arabic script (its own rules), a character
 * whose lower case, or compatibility form's lower case, imitates another letter (Greek Ι is l,
 * but ι is i, and case never matters; 𝞖 is H, but it is a bold Greek Η, whose η is n), and a
 * compatibility form that decomposes to another ASCII letter (𝐈 is I, so i).
 */
const LOOK_ALIKES_OF: Record<string, string[]> = {};
const prototypes = confusables as Record<string, string>;
/** A prototype as a letter: lower case, its accents off ("n̩" is n). */
const asLetter = (prototype: string | undefined) => prototype?.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
for (const [char, prototype] of Object.entries(prototypes)) {
  const letter = asLetter(prototype)!;
  if (!/^[a-z]$/.test(letter) || /[\p{ASCII}\p{Script=Arabic}\p{M}]/u.test(char)) continue;
  // The character as the matcher sees it: compatibility form decomposed, lower case, accents off.
  const shown = asLetter(char)!;
  if ([...shown].length !== 1 || (/^\p{ASCII}$/u.test(shown) && shown !== letter)) continue;
  const shownReads = asLetter(prototypes[shown]);
  if (shown !== char && shownReads && /^[a-z]$/.test(shownReads) && shownReads !== letter) continue;
  (LOOK_ALIKES_OF[letter] ??= []).push(char);
}
const ARABIC_MARKS = ['\u064e', '\u064f', '\u0650', '\u0651', '\u0652', '\u064b', '\u0640'];

/**
 * A disguised copy of `word`: each letter maybe swapped (a digit or symbol, or a look-alike of
 * another script), repeated, upper-cased, marked or followed by an invisible character.
 */
function disguised(word: string, arabic: boolean) {
  const lookAlikes = (char: string) => (arabic ? [] : (LOOK_ALIKES_OF[char] ?? []));
  const letter = (char: string) =>
    fc
      .tuple(
        fc.constantFrom(char, ...((arabic ? ARABIC_SWAPS : LATIN_SWAPS)[char] ?? [])),
        lookAlikes(char).length > 0 ? fc.option(fc.constantFrom(...lookAlikes(char)), { freq: 3 }) : fc.constant(null),
        fc.constantFrom(1, 1, 1, 3, 4),
        fc.boolean(),
        fc.option(invisible, { freq: 3 }),
        fc.option(fc.constantFrom(...ARABIC_MARKS), { freq: 3 }),
      )
      .map(([shown, lookAlike, times, upper, hidden, mark]) => {
        const base = lookAlike ?? (upper ? shown.toUpperCase() : shown);
        return base.repeat(times) + (arabic && mark ? mark : '') + (hidden ?? '');
      });
  const spaced = fc.constantFrom('', '', '.', ' ', '-', '_', '*');
  return fc.tuple(...[...word].map((char) => (char === ' ' ? fc.constant(' ') : letter(char))), spaced).map(([...parts]) => {
    const separator = parts.pop()!;
    // Spelled out letter by letter ("b.a.d") only for one-word entries, as a member would.
    return separator && !word.includes(' ') ? parts.join(separator) : parts.join('');
  });
}

const sentence = (middle: fc.Arbitrary<string>) =>
  fc.tuple(fc.constantFrom('', 'you are such a', 'honestly', 'انتي', 'why so'), middle, fc.constantFrom('', '!!', ' lol', ' والله', '.')).map(([before, word, after]) => `${before} ${word} ${after}`);

describe('watched words', () => {
  it('finds a listed Latin word or phrase under any allowed disguise: look-alikes of other scripts, default-ignorable characters, digits, repeats, spelled out', () => {
    const matcher = createWatchedWordMatcher(block(...LATIN_WORDS));
    fc.assert(
      fc.property(
        fc.constantFrom(...LATIN_WORDS).chain((word) => sentence(disguised(word, false)).map((text) => ({ word, text }))),
        ({ word, text }) => {
          expect(matcher.matches(text).map((match) => match.word)).toContain(word);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finds a listed Arabic word under letter variants, diacritics, tatweel, Arabizi digits and default-ignorable characters', () => {
    const matcher = createWatchedWordMatcher(block(...ARABIC_WORDS));
    fc.assert(
      fc.property(
        fc.constantFrom(...ARABIC_WORDS).chain((word) => sentence(disguised(word, true)).map((text) => ({ word, text }))),
        ({ word, text }) => {
          expect(matcher.matches(text).map((match) => match.word)).toContain(word);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('does not flag ordinary words that merely contain the letters', () => {
    const matcher = createWatchedWordMatcher(block('ass', 'hell', 'حمار', 'كلب'));
    for (const text of [
      'My class has an assignment due on Tuesday, then we pass the exam.',
      'Hello! The shell of a snail, and as a bonus: a glass of water.',
      'Embarrassing moments in the classroom, assessed by the assistant.',
      'الحمارة في الحديقة كانت لطيفة، وقرأت عن الكلبة في الكتاب',
      'حماره كلبي', // different words in Arabic: a suffix changes the word
    ]) {
      expect(matcher.matches(text), text).toEqual([]);
    }
  });

  it('never flags a word that holds a listed word between other letters', () => {
    const matcher = createWatchedWordMatcher(block('ass', 'idiot', 'stupid'));
    fc.assert(
      fc.property(
        fc.constantFrom('ass', 'idiot', 'stupid'),
        fc.stringMatching(/^[bcdfghjklmnpqrtvwxz]{1,4}$/),
        fc.stringMatching(/^[bcfghjklmnpqrvwxz]{1,4}$/),
        (word, before, after) => {
          fc.pre(before.at(-1) !== word[0] && after[0] !== word.at(-1));
          expect(matcher.matches(`a ${before}${word}${after} day`)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('collapses a letter repeated three or more times, but keeps one written once or twice', () => {
    const matcher = createWatchedWordMatcher(block('bad', 'ass'));
    expect(matcher.verdict('so baaaad')).toBe('block');
    expect(matcher.verdict('what an assssss')).toBe('block');
    expect(matcher.verdict('baad')).toBeNull();
    expect(matcher.verdict('as if')).toBeNull();
  });

  it('joins spelled-out letters and reads look-alikes by the word’s script', () => {
    expect(watchedWordTokens('B.A.D day')).toEqual(['bad', 'day']);
    expect(watchedWordTokens('h3ll0 w0rld $tupid')).toEqual(['hello', 'world', 'stupid']);
    expect(watchedWordTokens('7مار و3ده')).toEqual(['حمار', 'وعده']);
    expect(watchedWordTokens('in 2024 we met')).toEqual(['in', '2024', 'we', 'met']);
  });

  it('answers block before hold, and nothing for an empty list or clean text', () => {
    const matcher = createWatchedWordMatcher([
      { word: 'meet me', action: 'hold' },
      { word: 'idiot', action: 'block' },
    ]);
    expect(matcher.verdict('hey, meet me after school')).toBe('hold');
    expect(matcher.verdict('meet me, idiot')).toBe('block');
    expect(matcher.matches('meet me, idiot').map((match) => match.action)).toEqual(['block', 'hold']);
    expect(matcher.verdict('see you at school')).toBeNull();
    expect(createWatchedWordMatcher([]).verdict('anything at all')).toBeNull();
  });

  it('reads Cyrillic у, y’s look-alike, also as the u it stands for ("stурid"), wherever it replaces u', () => {
    const words = ['stupid', 'hurt you', 'ugly', 'shut up'];
    const matcher = createWatchedWordMatcher(block(...words));
    fc.assert(
      fc.property(
        fc.constantFrom(...words).chain((word) =>
          fc
            .tuple(...[...word].map((char) => (char === 'u' ? fc.constantFrom('u', '\u0443', '\u0423') : fc.constant(char))))
            .map((chars) => ({ word, text: `ok so ${chars.join('')} !` })),
        ),
        ({ word, text }) => {
          expect(matcher.matches(text).map((match) => match.word)).toContain(word);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('sees through the outside review’s disguises: invisible characters, Cyrillic, dotless ı, full-width letters, in Latin and Arabic', () => {
    const matcher = createWatchedWordMatcher(block('stupid', 'hate you', 'غبية'));
    for (const text of [
      'stu\uFE0Fpid', // variation selector
      'stu\u{E0020}pid', // tag character
      'stu\u3164pid', // Hangul filler
      'stu\u1160pid', // Hangul jungseong filler
      'stu\u180Epid', // Mongolian vowel separator
      'stu\u17B4pid', // Khmer inherent vowel
      'st\u0443\u0440id', // Cyrillic у and р
      'stup\u0131d', // dotless ı
      '\uFF53\uFF54\uFF55\uFF50\uFF49\uFF44', // full-width
      'hate \u0443ou', // Cyrillic у as y
      '\u063A\uFE0F\u0628\u064A\u0629', // غبية with a variation selector
      '\u063A\u{E0041}\u0628\u3164\u064A\u0629', // and a tag character and a Hangul filler
    ]) {
      expect(matcher.verdict(`you are so ${text} !!`), JSON.stringify(text)).toBe('block');
    }
  });

  it('keeps ASCII and Arabic letters as they are: no look-alike reading of rn as m, of l as I, or of Arabic ه as o', () => {
    const matcher = createWatchedWordMatcher(block('bum', 'lol', 'idiot'));
    for (const text of ['I burn the toast', 'Iol, I said it', 'ه\u0644ه ١ا', 'ldlot']) expect(matcher.matches(text), text).toEqual([]);
  });

  it('reads a text once: its steps grow with the text’s length, not with a watched word’s', () => {
    const stepsFor = (list: WatchedWord[], text: string) => {
      const counter: StepCounter = { steps: 0 };
      createWatchedWordMatcher(list, { counter }).matches(text);
      return counter.steps;
    };
    // The hardest shapes: letters spelled out ("b b b ..." took seconds), words nested in
    // each other, a phrase's start over and over, stretched letters; each watched at 10 to 100 characters.
    const shapes: [(length: number) => string, string][] = [
      [(length) => 'b '.repeat(length / 2), 'b '],
      [(length) => 'ab'.repeat(length / 2), 'a b '],
      [(length) => `${'ab '.repeat(length / 3)}z`, 'a b '],
      [(length) => `${'bad '.repeat(length / 4)}end`, 'bad '],
      [(length) => `b${'a'.repeat(length - 2)}d`, 'baaaad '],
      [(length) => 'x'.repeat(length), 'xx '],
    ];
    for (const [watched, unit] of shapes) {
      for (const length of [10, 30, 60, 100]) {
        const list = block(watched(length), 'stupid');
        const short = unit.repeat(2_000);
        const long = unit.repeat(4_000);
        const [shortSteps, longSteps] = [stepsFor(list, short), stepsFor(list, long)];
        // At least one step a word, at most a few a character, whatever the watched word's length.
        expect(shortSteps, `${unit} × ${length}`).toBeGreaterThanOrEqual(2_000);
        expect(longSteps, `${unit} × ${length}`).toBeLessThanOrEqual(3 * long.length);
        expect(longSteps / shortSteps, `${unit} × ${length}`).toBeLessThan(2.1);
      }
    }
  });
});
