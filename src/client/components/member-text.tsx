import type { ReactNode } from 'react';
import { cn } from '../lib/utils';

/** http(s) addresses as people paste them; anything else (javascript:, data:) stays text. */
const LINK_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Sentence punctuation right after an address belongs to the sentence, not the address. */
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}]+$/;

/** The text with each web address turned into a link; the text itself is never read as markup. */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const href = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      // nofollow ugc: written by a member, not vouched for by the site; opens apart from the site.
      <a key={start} href={href} target="_blank" rel="nofollow ugc noopener" className="font-medium text-primary underline underline-offset-2">
        {href}
      </a>,
    );
    last = start + href.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/**
 * What a member wrote (a post, a comment): her line breaks kept, her links clickable, her
 * language's direction.
 */
export function MemberText({ text, className }: { text: string; className?: string }) {
  return (
    <p dir="auto" className={cn('whitespace-pre-line text-start', className)}>
      {linkify(text)}
    </p>
  );
}
