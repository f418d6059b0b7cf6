import { useEffect, useRef, useState } from 'react';
import { useDebounced } from './use-debounced';

/** The longest search a list accepts (the server refuses more). */
const SEARCH_MAX = 100;

/**
 * A list's search text and category, kept in the address (`?q=yoga&category=Wellness`) so a
 * reload, the back button or a shared link shows the same list. Absent means no filter.
 */
export interface ListSearch<Category extends string = string> {
  q?: string;
  category?: Category;
}

/**
 * The router's parsed search as text: it reads `?q=123` as a number and `?q=true` as a
 * boolean, which are still what she typed.
 */
export function searchText(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, SEARCH_MAX) : undefined;
}

/** One of the given choices, or undefined for anything else (a stale or mistyped link shows the whole list). */
export function oneOf<T extends string>(value: unknown, choices: readonly T[]): T | undefined {
  return choices.find((choice) => choice === value);
}

/** `validateSearch` of a list route: the search text, and a category among the list's own. */
export function validateListSearch<Category extends string>(search: Record<string, unknown>, categories: readonly Category[]): ListSearch<Category> {
  const q = searchText(search.q);
  const category = oneOf(search.category, categories);
  return { ...(q ? { q } : {}), ...(category ? { category } : {}) };
}

/** A positive whole number from the address (an item's id), or undefined. */
export function idParam(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The search box of a list whose search lives in the address: what she types shows at once,
 * and goes to the address (`setQuery`, replacing the entry) once typing pauses. When the
 * address changes by itself (back, forward), the box follows it.
 */
export function useSearchBox(query: string | undefined, setQuery: (query: string | undefined) => void): [string, (text: string) => void] {
  const [text, setText] = useState(query ?? '');
  const settled = useDebounced(text.trim());
  const sent = useRef(settled);
  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    setQuery(settled || undefined);
  }, [settled, setQuery]);
  useEffect(() => {
    sent.current = query ?? '';
    setText((current) => (current.trim() === (query ?? '') ? current : (query ?? '')));
  }, [query]);
  return [text, setText];
}
