/**
 * The watched-word matcher's cost, part of `npm run bench`: 1,000 watched words (Latin and
 * Arabic, some phrases) against a 5,000-character post in English and Arabic with a few
 * disguised matches. Target: a check under 2 ms (the p99 of many runs).
 */
import { performance } from 'node:perf_hooks';
import { createWatchedWordMatcher, type WatchedWord } from '#shared/text/watched-words';

export const WATCHED_WORDS_TARGET_MS = 2;

/** A deterministic pseudo-random word of `length` letters from `alphabet`. */
function wordOf(seed: number, length: number, alphabet: string): string {
  let state = seed * 2654435761;
  let word = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    word += alphabet[state % alphabet.length];
  }
  return word;
}

const LATIN = 'abcdefghijklmnopqrstuvwxyz';
const ARABIC = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';

export function benchWatchedWords(): { p50: number; p99: number; matches: number } {
  const list: WatchedWord[] = Array.from({ length: 1000 }, (_, i) => {
    const alphabet = i % 3 === 0 ? ARABIC : LATIN;
    const word = i % 10 === 0 ? `${wordOf(i, 4, alphabet)} ${wordOf(i + 7, 5, alphabet)}` : wordOf(i, 4 + (i % 6), alphabet);
    return { word, action: i % 4 === 0 ? 'hold' : 'block' };
  });
  const sentences = [
    'Today in class we talked about confidence, friendship and how to say no kindly. ',
    'ذهبت إلى المدرسة صباحًا وقرأت كتابًا جميلًا عن الصداقة والثقة بالنفس. ',
    'Honestly the best part was the café after school with my friends!!! ',
  ];
  let post = '';
  for (let i = 0; post.length < 5000; i++) post += sentences[i % sentences.length];
  // A few listed words, disguised, so the check does its full work.
  post = `${post.slice(0, 4900)} ${list[1]!.word.toUpperCase().split('').join('.')} ${list[3]!.word}ـ ${list[5]!.word.replace(/a/g, '4')}`;

  const matcher = createWatchedWordMatcher(list);
  const times: number[] = [];
  let matches = 0;
  for (let run = 0; run < 2000; run++) {
    const started = performance.now();
    matches = matcher.matches(post).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), matches };
}
