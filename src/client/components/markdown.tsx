import DOMPurify from 'dompurify';
import { useMemo, useSyncExternalStore } from 'react';
import { cn } from '../lib/utils';
import { markdownParser } from '#shared/markdown-parser';
import { proseClassName } from './prose';

// The admin's preview of the markdown she is writing, drawn in the browser as she types. What
// readers read is drawn by the server with the same parser (src/server/markdown-html.ts,
// shown by ServerDrawnProse), so a reader's browser loads neither library.
//
// The parser is the server's (raw HTML off), and the output is sanitized anyway: stored text
// can never become markup.

// DOMPurify needs a DOM: it has one in the browser, not when the server renders a page (SSR).
const canSanitize = DOMPurify.isSupported;

if (canSanitize) {
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

/** Markdown to safe HTML: the one way stored text becomes markup on this site. */
export function renderMarkdown(source: string): string {
  return DOMPurify.sanitize(markdownParser.render(source), { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}

/** Nothing to subscribe to: whether this render can sanitize never changes. */
const unchanging = () => () => undefined;

export function Markdown({ source, className }: { source: string; className?: string }) {
  // Without a sanitizer the server renders the text as text; the browser renders the markdown.
  // Hydrating a server-drawn page, its first render is the server's (React keeps the markup it
  // hydrates as it is), then the markdown.
  const sanitizing = useSyncExternalStore(unchanging, () => canSanitize, () => false);
  if (!sanitizing) return <div className={cn(proseClassName, 'whitespace-pre-line', className)}>{source}</div>;
  return <SanitizedMarkdown source={source} className={className} />;
}

function SanitizedMarkdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <div
      className={cn(proseClassName, className)}
      // Safe: renderMarkdown escapes raw HTML and sanitizes the result.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
