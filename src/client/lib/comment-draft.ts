/**
 * A comment she has started but not sent, kept per thread in this tab's sessionStorage: closing
 * the comments (a dialog, a collapsed section) or the page load of a language switch doesn't
 * lose it. Sending it removes it; signing out clears the tab's storage (lib/session.ts). A reply
 * she has started is kept the same way, per comment it goes under.
 */

import { useCallback, useEffect, useState } from 'react';
import type { CommentKind } from '#shared/schemas/content';

const storageKey = (kind: CommentKind, itemId: number, replyTo?: number) => `comment-draft:${kind}:${itemId}${replyTo === undefined ? '' : `:reply:${replyTo}`}`;

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
 * The draft of the comment box under one item (or of the reply box under one of its comments,
 * `replyTo`), and its setter, which keeps it stored. It starts empty and takes the stored draft
 * once mounted, so the server's render and hydration agree.
 */
export function useCommentDraft(kind: CommentKind, itemId: number, replyTo?: number, initial?: string): [string, (value: string) => void] {
  const key = storageKey(kind, itemId, replyTo);
  const [draft, setDraftState] = useState('');
  useEffect(() => {
    // A kept draft wins; else the box starts with `initial` (a reply to a reply names its author).
    const stored = readDraft(key);
    if (stored) setDraftState(stored);
    else if (initial) setDraftState(initial);
  }, [key, initial]);
  const setDraft = useCallback(
    (value: string) => {
      setDraftState(value);
      writeDraft(key, value);
    },
    [key],
  );
  return [draft, setDraft];
}

/** The comments of one item under which she left a reply unsent: their reply boxes open again with it. */
export function useReplyDrafts(kind: CommentKind, itemId: number): number[] {
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => {
    const prefix = `${storageKey(kind, itemId)}:reply:`;
    try {
      const found = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i)).flatMap((key) => (key?.startsWith(prefix) ? [Number(key.slice(prefix.length))] : []));
      setIds(found.filter(Number.isInteger));
    } catch {
      // No storage: no kept replies.
    }
  }, [kind, itemId]);
  return ids;
}
