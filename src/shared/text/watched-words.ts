import confusables from 'unhomoglyph/data.json' with { type: 'json' };
import { normalizeForSearch } from './normalize';
import { DEFAULT_IGNORABLE, WORD } from './watched-word-form';

/**
 * Watched words: words and phrases moderators list, found in what members write however they
 * disguise them. `block` refuses the text; `hold` keeps it for a moderator to review first.
 *
 * A text and each watched word go through the same steps, then whole words are compared:
 * 1. Invisible characters removed: every Unicode Default_Ignorable_Code_Point (zero-width
 *    spaces and joiners, bidi controls, soft hyphens, variation selectors, tag characters,
 *    Hangul fillers, U+180E, U+17B4/17B5, ...), before and after step 2.
 * 2. The search normalisation (normalizeForSearch): Unicode compatibility forms (full-width
 *    and mathematical letters), case, accents, Arabic diacritics and tatweel, Arabic letter
 *    variants (أ إ آ ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي).
 * 3. Look-alike letters of other scripts read as the letter they imitate: the confusable
 *    skeleton of Unicode TS #39 (Cyrillic "stuріd", Greek ο, dotless ı, ...), from Unicode's
 *    confusables.txt as the `unhomoglyph` package ships it. See {@link skeletonTable} for what
 *    it leaves alone (ASCII, the Arabic script) and {@link SECOND_READINGS} for Cyrillic у.
 * 4. Split into words: runs of letters, digits, `@` and `$`; anything else separates them.
 * 5. Letters spelled out one at a time: "b.a.d", "b a d" and "b-a-d" are "bad" (a letter
 *    repeated, "b.aaa.d", counts as one), also inside a longer run ("such a b a d").
 * 6. Digits and symbols read as letters, by the word's script: in a word with Arabic
 *    letters the Arabizi digits (2 ء, 3 ع, 5 خ, 7 ح, 9 ق); in any other word the Latin
 *    look-alikes (0 o, 1 i, 3 e, 4 a, @ a, $ s). A digit spelled out alone is read by the
 *    nearest letter spelled out beside it.
 * 7. Compared letter run by letter run: a run of three or more of a letter stands for any
 *    number of it ("baaad" is "bad", "assss" is "ass"), while "as" stays "as".
 *
 * Whole words only, so a blocked "ass" never catches "class" or "assignment".
 */
export type WatchedAction = 'block' | 'hold';

export interface WatchedWord {
  word: string;
  action: WatchedAction;
}

export interface WatchedMatch {
  word: string;
  action: WatchedAction;
}

const ARABIC_LETTER = /[\u0621-\u064a\u066e-\u06d3]/;
const ARABIZI: Readonly<Record<string, string>> = { '2': '\u0621', '3': '\u0639', '5': '\u062e', '7': '\u062d', '9': '\u0642' };
const LOOK_ALIKES: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '@': 'a', $: 's' };

/** Characters step 3 may replace: any but ASCII, the Arabic script and combining marks. */
const FOLDABLE = /[^\p{ASCII}\p{Script=Arabic}\p{M}]/gu;

/**
 * The smallest supplement to TS #39: a letter whose look-alike reading is not the letter it is
 * also used for. Cyrillic у looks like y (its TS #39 prototype) but is the Cyrillic letter for
 * the sound u, so "stурid" writes "stupid". A text that holds one is read twice, once each way:
 * both "уou" (you) and "stурid" (stupid) are found, though not one word that uses у both ways.
 */
const SECOND_READINGS: Readonly<Record<string, string>> = { '\u0443': 'u' };
const HAS_SECOND_READING = /\u0443/;

let skeleton: ReadonlyMap<string, string> | undefined;

/**
 * Step 3's table: each character as it stands after step 2 (lower case, compatibility forms
 * decomposed) → the letters it imitates, from TS #39's prototypes. Left alone:
 * - ASCII: its own confusables (m and rn, l and I, 0 and O) are ordinary spelling ("burn" is
 *   not "bum"), and its digits are read by step 6;
 * - the Arabic script: TS #39 reads ه as o and ١ as l and takes the dots off letters (ث, ش),
 *   while steps 2 and 6 have rules of their own for Arabic;
 * - combining marks: step 2 drops the accents, other marks separate words as before.
 * A letter of two cases takes its lower case's prototype, or its upper case's when only that
 * one is a Latin letter (Cyrillic т is a small capital T in TS #39, Т is T); a compatibility
 * form (𝐓, Ｔ) is read as the character it decomposes to.
 */
function skeletonTable(): ReadonlyMap<string, string> {
  if (skeleton) return skeleton;
  const readings = new Map<string, string[]>();
  for (const [char, prototype] of Object.entries(confusables as Record<string, string>)) {
    const shown = normalized(char);
    // A prototype's marks are the look-alike's decoration (Myanmar တ is "o" and a vowel sign): its letters are what it imitates.
    const reading = normalized(prototype).replace(/\p{M}/gu, '');
    if ([...shown].length !== 1 || !shown.match(FOLDABLE) || reading === '' || reading === shown || /\p{Script=Arabic}/u.test(reading)) continue;
    const list = readings.get(shown) ?? [];
    if (char === shown) list.unshift(reading);
    else list.push(reading);
    readings.set(shown, list);
  }
  const latin = /^[a-z]+$/;
  skeleton = new Map([...readings].map(([shown, list]) => [shown, list.find((reading) => latin.test(reading)) ?? list[0]!]));
  return skeleton;
}

/** Steps 1–2. */
function normalized(text: string): string {
  return normalizeForSearch(text.replace(DEFAULT_IGNORABLE, '')).replace(DEFAULT_IGNORABLE, '');
}

/** Step 3 on a normalised text, with the second readings or without. */
function skeletonOf(text: string, second: boolean): string {
  const table = skeletonTable();
  return text.replace(FOLDABLE, (char) => (second ? SECOND_READINGS[char] : undefined) ?? table.get(char) ?? char);
}

/** One character written alone, maybe repeated ("b", "aaa", "4"): a letter spelled out. */
interface Item {
  char: string;
  count: number;
}

/** A text's words after steps 1–4: a word of its own, or a run of letters spelled out one at a time. */
type Segment = { word: string } | { items: Item[] };

function segmentsOf(text: string): Segment[] {
  const segments: Segment[] = [];
  let items: Item[] = [];
  for (const [word] of text.matchAll(WORD)) {
    const count = repeatsOfOneChar(word);
    if (count > 0) items.push({ char: String.fromCodePoint(word.codePointAt(0)!), count });
    else {
      if (items.length > 0) segments.push({ items });
      items = [];
      segments.push({ word });
    }
  }
  if (items.length > 0) segments.push({ items });
  return segments;
}

/** How many times a word repeats one character ("aaa": 3), or 0 when it holds two different ones. */
function repeatsOfOneChar(word: string): number {
  if (word.length === 1) return 1;
  const width = word.codePointAt(0)! > 0xffff ? 2 : 1;
  for (let index = width; index < word.length; index++) if (word.charCodeAt(index) !== word.charCodeAt(index - width)) return 0;
  return word.length / width;
}

/** Step 6 for a word of its own. */
function readAsLetters(word: string): string {
  // A number stays a number; without letters of its own ("4$$"), a word is read with the Latin look-alikes.
  if (/^[0-9]+$/.test(word)) return word;
  const table = ARABIC_LETTER.test(word) ? ARABIZI : LOOK_ALIKES;
  return word.replace(/[0-9@$]/g, (char) => table[char] ?? char);
}

const isDigit = (char: string) => char.length === 1 && char >= '0' && char <= '9';
const isDigitOrSymbol = (char: string) => isDigit(char) || char === '@' || char === '$';
const isArabicLetter = (char: string) => char.length === 1 && ARABIC_LETTER.test(char);

/** Step 6 for letters spelled out: each digit or symbol by the script of the nearest letter after it, else before it. */
function readItems(items: Item[]): Item[] {
  // Digits alone ("2 0 2 4") stay a number; letters alone need no reading.
  if (items.every((item) => isDigit(item.char)) || !items.some((item) => isDigitOrSymbol(item.char))) return items;
  const arabicAfter: (boolean | undefined)[] = [];
  let after: boolean | undefined;
  for (let index = items.length - 1; index >= 0; index--) {
    arabicAfter[index] = after;
    const { char } = items[index]!;
    if (!isDigitOrSymbol(char)) after = isArabicLetter(char);
  }
  let before: boolean | undefined;
  return items.map((item, index) => {
    if (!isDigitOrSymbol(item.char)) {
      before = isArabicLetter(item.char);
      return item;
    }
    const table = (arabicAfter[index] ?? before) ? ARABIZI : LOOK_ALIKES;
    return { char: table[item.char] ?? item.char, count: item.count };
  });
}

/** A word as letter runs: "baaad" is b×1 a×3 d×1. */
interface Runs {
  letters: string[];
  counts: number[];
}

function runsOf(word: string): Runs {
  const letters: string[] = [];
  const counts: number[] = [];
  for (const char of word) {
    if (letters.at(-1) === char) counts[counts.length - 1]!++;
    else {
      letters.push(char);
      counts.push(1);
    }
  }
  return { letters, counts };
}

/** The letters spelled out, as one word: "b aaa d" is b×1 a×3 d×1. */
function runsOfItems(items: readonly Item[]): Runs {
  const letters: string[] = [];
  const counts: number[] = [];
  for (const { char, count } of items) {
    if (letters.at(-1) === char) counts[counts.length - 1]! += count;
    else {
      letters.push(char);
      counts.push(count);
    }
  }
  return { letters, counts };
}

/** Step 7: a run written `seen` times stands for one watched `count` times when they are equal, or when it is three or more. */
const sameCount = (count: number, seen: number) => seen === count || seen >= 3;

/** Counts the matcher's steps, for tests that its work grows with the text and not with a watched word's length. */
export interface StepCounter {
  steps: number;
}

/**
 * Aho-Corasick: one automaton over all patterns, each a sequence of keys, so a text is read
 * once, key by key, whatever the number and length of the patterns. Hand-written rather than
 * a library's because the keys here are whole words (for phrases) and letter runs (for words
 * spelled out), not characters, and a found pattern is then checked on its letters' counts.
 */
class Automaton<K> {
  private readonly next: Map<K, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  /** The patterns that end at each node. */
  private readonly ends: number[][] = [[]];
  /** The nearest node down the failure links at which a pattern ends, or -1. */
  private readonly report: number[] = [-1];

  add(keys: readonly K[], pattern: number): void {
    let node = 0;
    for (const key of keys) {
      let child = this.next[node]!.get(key);
      if (child === undefined) {
        child = this.next.length;
        this.next.push(new Map());
        this.fail.push(0);
        this.ends.push([]);
        this.report.push(-1);
        this.next[node]!.set(key, child);
      }
      node = child;
    }
    this.ends[node]!.push(pattern);
  }

  /** Links each node to the longest proper suffix of its keys that starts a pattern (breadth first). */
  build(): void {
    const queue: number[] = [...this.next[0]!.values()];
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      for (const [key, child] of this.next[node]!) {
        let link = this.fail[node]!;
        while (link !== 0 && !this.next[link]!.has(key)) link = this.fail[link]!;
        const target = this.next[link]!.get(key);
        this.fail[child] = target !== undefined && target !== child ? target : 0;
        const linked = this.fail[child]!;
        this.report[child] = this.ends[linked]!.length > 0 ? linked : this.report[linked]!;
        queue.push(child);
      }
    }
  }

  /** The node after reading `key`; unknown keys lead back to the root. Amortised O(1): each failure step undoes an earlier step down. */
  step(node: number, key: K, counter: StepCounter | undefined): number {
    for (let at = node; ; at = this.fail[at]!) {
      if (counter) counter.steps++;
      const child = this.next[at]!.get(key);
      if (child !== undefined) return child;
      if (at === 0) return 0;
    }
  }

  /** The first node, from `node` down the failure links, at which patterns end (-1: none); then {@link nextEnding}. */
  firstEnding(node: number): number {
    return this.ends[node]!.length > 0 ? node : this.report[node]!;
  }

  nextEnding(node: number): number {
    return this.report[node]!;
  }

  /** The patterns that end at a node. */
  endsAt(node: number): readonly number[] {
    return this.ends[node]!;
  }
}

/** A run of one letter spelled out, with what a stretch of it can count: the whole, its start, its end or any part. */
interface SpelledRun {
  letter: string;
  total: number;
  /** A stretch ending with this run can start inside it: the counts of its last item, and of its last two. */
  last: number;
  lastTwo: number;
  /** A stretch starting with it can end inside it: its first item, its first two. */
  first: number;
  firstTwo: number;
  /** A one-letter stretch inside it: some part counts 1, or 2. */
  one: boolean;
  two: boolean;
}

function spelledRuns(items: readonly Item[]): SpelledRun[] {
  const runs: SpelledRun[] = [];
  let run: SpelledRun | undefined;
  let itemsInRun = 0;
  for (const { char, count } of items) {
    if (run?.letter === char) {
      run.two ||= count === 2 || (count === 1 && run.last === 1);
      run.one ||= count === 1;
      run.lastTwo = run.last + count;
      run.last = count;
      run.total += count;
      if (++itemsInRun === 2) run.firstTwo = run.first + count;
    } else {
      run = { letter: char, total: count, last: count, lastTwo: 0, first: count, firstTwo: 0, one: count === 1, two: count === 2 };
      runs.push(run);
      itemsInRun = 1;
    }
  }
  return runs;
}

/** Whether some stretch of a run, starting or ending at an item's edge, stands for `count` of its letter. */
function canCount(count: number, one: boolean, two: boolean, total: number): boolean {
  if (total >= 3) return true;
  return count === 1 ? one : count === 2 ? two : false;
}

interface Entry extends WatchedMatch {
  /** Each word of the entry as letter runs. */
  tokens: Runs[];
}

export interface WatchedWordMatcher {
  /** Every watched word or phrase the text contains, blocked ones first. */
  matches(text: string): WatchedMatch[];
  /** What to do with the text: 'block' if any blocked word is in it, else 'hold' if any held one is, else null. */
  verdict(text: string): WatchedAction | null;
}

/** The words of a text after steps 1–6, in order, each run of letters spelled out joined. */
export function watchedWordTokens(text: string): string[] {
  return segmentsOf(skeletonOf(normalized(text), false)).map((segment) =>
    'word' in segment ? readAsLetters(segment.word) : readItems(segment.items).map(({ char, count }) => char.repeat(count)).join(''),
  );
}

/**
 * Prepares a list once into two automata: one over words, which finds every entry (word or
 * phrase) among a text's words, and one over letters, which finds one-word entries inside
 * letters spelled out ("such a b a d"). Checking a text then reads it once (twice when it
 * holds a letter with a second reading): the work grows with the text's length, and a found
 * word costs a check of its letters' counts. Watched words longer than an admin may now add
 * (made before the limit) are kept whole: their length costs nothing per character.
 */
export function createWatchedWordMatcher(list: readonly WatchedWord[], options: { counter?: StepCounter } = {}): WatchedWordMatcher {
  const { counter } = options;
  const entries: Entry[] = [];
  for (const { word, action } of list) {
    const tokens = watchedWordTokens(word).map(runsOf);
    if (tokens.length > 0) entries.push({ word, action, tokens });
  }
  /** Each word's letters, runs collapsed ("bad" for "baaad"), as the key the word automaton reads. */
  const vocabulary = new Map<string, number>();
  const keyOf = (runs: Runs) => runs.letters.join('');
  const words = new Automaton<number>();
  const letters = new Automaton<string>();
  entries.forEach((entry, index) => {
    const keys = entry.tokens.map((token) => {
      const key = keyOf(token);
      if (!vocabulary.has(key)) vocabulary.set(key, vocabulary.size);
      return vocabulary.get(key)!;
    });
    words.add(keys, index);
    if (entry.tokens.length === 1) letters.add(entry.tokens[0]!.letters, index);
  });
  words.build();
  letters.build();

  const sameWord = (watched: Runs, written: Runs) => {
    for (let index = 0; index < watched.counts.length; index++) {
      if (counter) counter.steps++;
      if (!sameCount(watched.counts[index]!, written.counts[index]!)) return false;
    }
    return true;
  };

  /** Whether a one-word entry's letters, ending at run `end`, fit a stretch of whole items there. */
  const fitsSpelledOut = (counts: readonly number[], runs: readonly SpelledRun[], end: number) => {
    const start = end - counts.length + 1;
    for (let offset = 0; offset < counts.length; offset++) {
      if (counter) counter.steps++;
      const count = counts[offset]!;
      const written = runs[start + offset]!;
      const fits =
        counts.length === 1
          ? canCount(count, written.one, written.two, written.total)
          : offset === 0
            ? canCount(count, written.last === 1, written.last === 2 || written.lastTwo === 2, written.total)
            : offset === counts.length - 1
              ? canCount(count, written.first === 1, written.first === 2 || written.firstTwo === 2, written.total)
              : sameCount(count, written.total);
      if (!fits) return false;
    }
    return true;
  };

  /** One-word entries inside a run of letters spelled out: any stretch of whole items. */
  const findSpelledOut = (items: readonly Item[], found: Set<number>) => {
    const runs = spelledRuns(items);
    let node = 0;
    for (let end = 0; end < runs.length; end++) {
      node = letters.step(node, runs[end]!.letter, counter);
      for (let at = letters.firstEnding(node); at !== -1; at = letters.nextEnding(at)) {
        if (counter) counter.steps++;
        for (const index of letters.endsAt(at)) {
          if (!found.has(index) && fitsSpelledOut(entries[index]!.tokens[0]!.counts, runs, end)) found.add(index);
        }
      }
    }
  };

  const scan = (text: string, found: Set<number>) => {
    const written: Runs[] = [];
    let node = 0;
    for (const segment of segmentsOf(text)) {
      const items = 'items' in segment ? readItems(segment.items) : undefined;
      if (counter) counter.steps += items ? items.length : 1;
      const runs = 'word' in segment ? runsOf(readAsLetters(segment.word)) : runsOfItems(items!);
      written.push(runs);
      const key = vocabulary.get(keyOf(runs));
      node = key === undefined ? 0 : words.step(node, key, counter);
      const end = written.length - 1;
      for (let at = words.firstEnding(node); at !== -1; at = words.nextEnding(at)) {
        if (counter) counter.steps++;
        for (const index of words.endsAt(at)) {
          if (found.has(index)) continue;
          const { tokens } = entries[index]!;
          const start = end - tokens.length + 1;
          if (tokens.every((token, offset) => sameWord(token, written[start + offset]!))) found.add(index);
        }
      }
      if (items) findSpelledOut(items, found);
    }
  };

  const matches = (text: string): WatchedMatch[] => {
    if (entries.length === 0) return [];
    const found = new Set<number>();
    const plain = normalized(text);
    scan(skeletonOf(plain, false), found);
    if (HAS_SECOND_READING.test(plain)) scan(skeletonOf(plain, true), found);
    const unique = new Map<string, WatchedMatch>();
    for (const index of [...found].sort((a, b) => a - b)) {
      const { word, action } = entries[index]!;
      unique.set(`${action}:${word}`, { word, action });
    }
    return [...unique.values()].sort((a, b) => (a.action === b.action ? 0 : a.action === 'block' ? -1 : 1));
  };

  return {
    matches,
    verdict(text) {
      const [first] = matches(text);
      return first?.action ?? null;
    },
  };
}
