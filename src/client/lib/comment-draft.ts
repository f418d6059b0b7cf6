/**
 * A comment she has started but not sent, kept per thread in this tab's sessionStorage: closing
 * the comments (a dialog, a collapsed section) or the page load of a language switch doesn't
 * lose it. Sending it removes it; signing out clears the tab's storage (lib/session.ts).
 */

import { useCallback, useEffect, useState } from 'react';
import type { CommentKind } from '#shared/schemas/content';

const storageKey = (kind: CommentKind, parentId: number) => `comment-draft:${kind}:${parentId}`;

function readDraft(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(key: string, value: string): void {
  try {
    if (value.trim() === '') sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode): the draft lives as long as the form, nothing else.
  }
}

/**
 * The draft of the comment box under one item, and its setter, which keeps it stored. It starts
 * empty and takes the stored draft once mounted, so the server's render and hydration agree.
 */
export function useCommentDraft(kind: CommentKind, parentId: number): [string, (value: string) => void] {
  const key = storageKey(kind, parentId);
  const [draft, setDraftState] = useState('');
  useEffect(() => {
    const stored = readDraft(key);
    if (stored) setDraftState(stored);
  }, [key]);
  const setDraft = useCallback(
    (value: string) => {
      setDraftState(value);
      writeDraft(key, value);
    },
    [key],
  );
  return [draft, setDraft];
}
