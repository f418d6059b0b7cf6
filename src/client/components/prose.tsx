import { cn } from '../lib/utils';

/** How drawn markdown reads: headings, links, quotes, lists, code and images within the text's column. */
export const proseClassName =
  'max-w-none space-y-4 leading-relaxed [&_a]:text-primary [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-secondary [&_blockquote]:ps-4 [&_blockquote]:italic [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_pre]:overflow-x-auto [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1';

/**
 * Markdown as the server drew and sanitized it (an article's `contentHtml`, an issue's
 * `markdownHtml`: src/server/markdown-html.ts): the same markup in the server's page and in the
 * browser, and no markdown code in the browser.
 */
export function ServerDrawnProse({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(proseClassName, className)}
      // Safe: the server's parser escapes raw HTML and its sanitizer keeps only markdown's tags.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
