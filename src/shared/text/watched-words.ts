import { normalizeForSearch } from './normalize';

/**
 * Watched words: words and phrases moderators list, found in what members write however they
 * disguise them. `block` refuses the text; `hold` keeps it for a moderator to review first.
 *
 * A text and each watched word go through the same steps, then whole words are compared:
 * 1. The search normalisation (normalizeForSearch): Unicode compatibility forms, case,
 *    accents, Arabic diacritics and tatweel, Arabic letter variants (أ إ آ ٱ → ا, ى → ي,
 *    ة → ه, ؤ → و, ئ → ي).
 * 2. Invisible characters removed: zero-width spaces and joiners, bidi controls, soft hyphens.
 * 3. Split into words: runs of letters, digits, `@` and `$`; anything else separates them.
 * 4. Letters spelled out one at a time: "b.a.d", "b a d" and "b-a-d" are "bad" (a letter
 *    repeated, "b.aaa.d", counts as one), also inside a longer run ("such a b a d").
 * 5. Digits and symbols read as letters, by the word's script: in a word with Arabic
 *    letters the Arabizi digits (2 ء, 3 ع, 5 خ, 7 ح, 9 ق); in any other word the Latin
 *    look-alikes (0 o, 1 i, 3 e, 4 a, @ a, $ s).
 * 6. Compared letter run by letter run: a run of three or more of a letter stands for any
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

const INVISIBLE = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const WORD = /[\p{L}\p{N}@$]+/gu;
const ARABIC_LETTER = /[\u0621-\u064a\u066e-\u06d3]/;
const ARABIZI: Readonly<Record<string, string>> = { '2': '\u0621', '3': '\u0639', '5': '\u062e', '7': '\u062d', '9': '\u0642' };
const LOOK_ALIKES: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '@': 'a', $: 's' };

/**
 * A text's words after steps 1–3, with letters spelled out one at a time ("b.a.d") kept
 * together as a run of single letters; one letter repeated ("dddd") counts as one.
 */
type Segment = { word: string } | { letters: string[] };

function segmentsOf(text: string): Segment[] {
  const words = normalizeForSearch(text).replace(INVISIBLE, '').match(WORD) ?? [];
  const segments: Segment[] = [];
  let letters: string[] = [];
  const flush = () => {
    if (letters.length > 0) segments.push({ letters });
    letters = [];
  };
  for (const word of words) {
    if (new Set(word).size === 1) letters.push(word);
    else {
      flush();
      segments.push({ word });
    }
  }
  flush();
  return segments;
}

/** The words of a text after steps 1–5, in order, each run of single letters joined. */
export function watchedWordTokens(text: string): string[] {
  return segmentsOf(text).map((segment) => readAsLetters('word' in segment ? segment.word : segment.letters.join('')));
}

function readAsLetters(word: string): string {
  // A number stays a number; without letters of its own ("4$$"), a word is read with the Latin look-alikes.
  if (/^[0-9]+$/.test(word)) return word;
  const table = ARABIC_LETTER.test(word) ? ARABIZI : LOOK_ALIKES;
  return word.replace(/[0-9@$]/g, (char) => table[char] ?? char);
}

/** A word as letter runs: "baaad" is b×1 a×3 d×1. */
type Runs = { letters: string; counts: number[] };

function runsOf(word: string): Runs {
  let letters = '';
  const counts: number[] = [];
  for (const char of word) {
    if (letters.endsWith(char) && counts.length > 0) counts[counts.length - 1]!++;
    else {
      letters += char;
      counts.push(1);
    }
  }
  return { letters, counts };
}

/** Step 6: the written word stands for the watched one when each run has the same count, or three or more. */
function sameWord(watched: Runs, written: Runs): boolean {
  if (watched.letters !== written.letters) return false;
  return watched.counts.every((count, index) => {
    const seen = written.counts[index]!;
    return seen === count || seen >= 3;
  });
}

interface Entry extends WatchedMatch {
  runs: Runs[];
}

export interface WatchedWordMatcher {
  /** Every watched word or phrase the text contains, blocked ones first. */
  matches(text: string): WatchedMatch[];
  /** What to do with the text: 'block' if any blocked word is in it, else 'hold' if any held one is, else null. */
  verdict(text: string): WatchedAction | null;
}

/**
 * Prepares a list once (each word normalised and indexed by its letters), so checking a
 * text costs one pass over its words with a lookup each, whatever the size of the list.
 */
export function createWatchedWordMatcher(list: readonly WatchedWord[]): WatchedWordMatcher {
  const byFirstWord = new Map<string, Entry[]>();
  for (const { word, action } of list) {
    const runs = watchedWordTokens(word).map(runsOf);
    if (runs.length === 0) continue;
    const key = runs[0]!.letters;
    byFirstWord.set(key, [...(byFirstWord.get(key) ?? []), { word, action, runs }]);
  }

  /** Longest spelled-out word looked for inside a run of single letters. */
  const longest = Math.max(0, ...list.map(({ word }) => [...word].length));

  const matches = (text: string): WatchedMatch[] => {
    if (byFirstWord.size === 0) return [];
    const found = new Map<string, WatchedMatch>();
    const add = (entry: Entry) => found.set(`${entry.action}:${entry.word}`, { word: entry.word, action: entry.action });
    const segments = segmentsOf(text);
    const written = segments.map((segment) => runsOf(readAsLetters('word' in segment ? segment.word : segment.letters.join(''))));
    segments.forEach((segment, start) => {
      for (const entry of byFirstWord.get(written[start]!.letters) ?? []) {
        if (entry.runs.every((runs, offset) => written[start + offset] !== undefined && sameWord(runs, written[start + offset]!))) add(entry);
      }
      // Letters spelled out may start or end mid-run ("such a b.a.d"): every stretch of the run is a candidate word.
      if ('letters' in segment) {
        for (let from = 0; from < segment.letters.length; from++) {
          for (let to = from + 1; to <= Math.min(segment.letters.length, from + longest); to++) {
            const candidate = runsOf(readAsLetters(segment.letters.slice(from, to).join('')));
            for (const entry of byFirstWord.get(candidate.letters) ?? []) if (entry.runs.length === 1 && sameWord(entry.runs[0]!, candidate)) add(entry);
          }
        }
      }
    });
    return [...found.values()].sort((a, b) => (a.action === b.action ? 0 : a.action === 'block' ? -1 : 1));
  };

  return {
    matches,
    verdict(text) {
      const [first] = matches(text);
      return first?.action ?? null;
    },
  };
}
