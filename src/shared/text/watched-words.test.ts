import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWatchedWordMatcher, watchedWordTokens, type WatchedWord } from './watched-words';

const LATIN_WORDS = ['ass', 'idiot', 'loser', 'stupid', 'hate you', 'kill yourself'];
const ARABIC_WORDS = ['غبية', 'حمار', 'اسكتي', 'عاهرة', 'قبيحة'];

const block = (...words: string[]): WatchedWord[] => words.map((word) => ({ word, action: 'block' }));

/** Disguises a member may use on one letter of a Latin word. */
const LATIN_SWAPS: Record<string, string[]> = { o: ['0'], i: ['1'], e: ['3'], a: ['4', '@'], s: ['$'] };
/** And on an Arabic one: letter variants and the Arabizi digits. */
const ARABIC_SWAPS: Record<string, string[]> = { ا: ['أ', 'إ', 'آ'], ي: ['ى'], ه: ['ة'], ع: ['3'], ح: ['7'], خ: ['5'], ق: ['9'] };
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u200f', '\u202e'];
const ARABIC_MARKS = ['\u064e', '\u064f', '\u0650', '\u0651', '\u0652', '\u064b', '\u0640'];

/** A disguised copy of `word`: each letter maybe swapped, repeated, upper-cased, marked or followed by an invisible character. */
function disguised(word: string, arabic: boolean) {
  const letter = (char: string) =>
    fc
      .tuple(
        fc.constantFrom(char, ...((arabic ? ARABIC_SWAPS : LATIN_SWAPS)[char] ?? [])),
        fc.constantFrom(1, 1, 1, 3, 4),
        fc.boolean(),
        fc.option(fc.constantFrom(...ZERO_WIDTH), { freq: 4 }),
        fc.option(fc.constantFrom(...ARABIC_MARKS), { freq: 3 }),
      )
      .map(([shown, times, upper, invisible, mark]) => {
        const base = upper ? shown.toUpperCase() : shown;
        return base.repeat(times) + (arabic && mark ? mark : '') + (invisible ?? '');
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
  it('finds a listed Latin word or phrase under any allowed disguise', () => {
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

  it('finds a listed Arabic word under letter variants, diacritics, tatweel, Arabizi digits and invisible characters', () => {
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
});
