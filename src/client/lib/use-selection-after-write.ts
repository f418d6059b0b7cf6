import { useLayoutEffect, useRef } from 'react';

interface PendingSelection {
  box: HTMLTextAreaElement;
  text: string;
  start: number;
  end: number;
}

/**
 * For a controlled text box whose text the code changes (a chosen mention, a toolbar's bold):
 * where the caret or selection goes in the new text. Writing a new value puts the caret at its
 * end, so the selection is placed again as soon as React has written the text (a layout effect,
 * run before the browser takes her next key). A frame later is too late on a busy phone: a
 * letter she typed at once went in at the end, and the caret then moved back before it. If
 * the box holds other text by then (her typing won), the selection is left where she put it.
 */
export function useSelectionAfterWrite(value: string): (box: HTMLTextAreaElement, text: string, start: number, end?: number) => void {
  const pending = useRef<PendingSelection | null>(null);
  useLayoutEffect(() => {
    const selection = pending.current;
    if (!selection || selection.box.value !== selection.text) return;
    pending.current = null;
    selection.box.focus();
    selection.box.setSelectionRange(selection.start, selection.end);
  }, [value]);
  return (box, text, start, end = start) => {
    pending.current = { box, text, start, end };
  };
}
