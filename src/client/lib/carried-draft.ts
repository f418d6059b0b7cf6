/**
 * A half-filled form carried over the full page load of a language switch (the server renders
 * the page again in the other language). Forms on the page offer what she typed (never a
 * password); the switch hands it over in sessionStorage (this tab only) just before the load,
 * and the form of the new page takes it back at once, which removes it: nothing stays stored.
 */

import { useEffect, useRef } from 'react';

const CARRIED_DRAFTS_KEY = 'carried-drafts';

interface CarriedDrafts {
  /** The page the drafts were typed on, query included (`/blog?post=7`): another page's form doesn't take them. */
  path: string;
  drafts: Record<string, unknown>;
}

const pageNow = () => window.location.pathname + window.location.search;

/** The forms on the page now, each by name, with what it would carry. */
const offered = new Map<string, () => unknown>();

/** Offers a form's draft for the next language switch; call the answer when the form goes away. */
export function offerDraftForReload(form: string, draft: () => unknown): () => void {
  offered.set(form, draft);
  return () => {
    if (offered.get(form) === draft) offered.delete(form);
  };
}

/**
 * Offers `draft` for the next language switch while the component is on the page: what she has
 * typed, or undefined when there is nothing to carry. The switch reads the latest render's value.
 */
export function useDraftOfferedForReload(form: string, draft: unknown): void {
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  }, [draft]);
  useEffect(() => offerDraftForReload(form, () => latest.current), [form]);
}

/** Before the page loads again: hands every offered draft to the next page of this tab. */
export function carryDraftsOverReload(): void {
  const drafts = Object.fromEntries([...offered].map(([form, draft]) => [form, draft()]).filter(([, value]) => value !== undefined));
  if (Object.keys(drafts).length === 0) return;
  try {
    sessionStorage.setItem(CARRIED_DRAFTS_KEY, JSON.stringify({ path: pageNow(), drafts } satisfies CarriedDrafts));
  } catch {
    // Storage can be unavailable (private mode): the draft is lost, nothing else.
  }
}

/**
 * The text fields `fields` of a carried draft, or undefined when one is missing or not text: the
 * draft comes back from the tab's storage, which the browser's user can change.
 */
export function carriedTexts<Field extends string>(value: unknown, fields: readonly Field[]): Record<Field, string> | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (!fields.every((field) => typeof record[field] === 'string')) return undefined;
  return Object.fromEntries(fields.map((field) => [field, record[field]])) as Record<Field, string>;
}

/** The draft a form left before the load, if it was on this page; taken once. */
export function takeCarriedDraft(form: string): unknown {
  let carried: CarriedDrafts | undefined;
  try {
    carried = JSON.parse(sessionStorage.getItem(CARRIED_DRAFTS_KEY) ?? 'null') as CarriedDrafts | undefined;
  } catch {
    return undefined;
  }
  if (!carried) return undefined;
  // Drafts typed on another page are dropped; the other forms of this page keep theirs.
  const { [form]: draft, ...rest } = carried.path === pageNow() ? (carried.drafts ?? {}) : {};
  try {
    if (Object.keys(rest).length > 0) sessionStorage.setItem(CARRIED_DRAFTS_KEY, JSON.stringify({ path: carried.path, drafts: rest } satisfies CarriedDrafts));
    else sessionStorage.removeItem(CARRIED_DRAFTS_KEY);
  } catch {
    // Nothing stored to remove.
  }
  return draft;
}
