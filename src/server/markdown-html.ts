import sanitizeHtml from 'sanitize-html';
import { markdownParser } from '#shared/markdown-parser';

/**
 * Markdown a reader reads (a blog article, a newsletter issue) drawn as HTML on the server, so
 * the page the server renders (SSR) shows it formatted from its first paint, and a reader's
 * browser never loads a markdown parser or a sanitizer to read it. (Drawn in the browser, the
 * server's page showed the raw markdown, `## Heading` and `**bold**`, until the scripts ran:
 * about five seconds on a slow phone.)
 *
 * Stored text never becomes markup: raw HTML is off in the parser, and its output is sanitized
 * anyway, to the tags markdown makes. Links open in a new tab and pass no referrer or ranking;
 * links and images take only web addresses and the site's own paths (and links mail ones).
 */

const textAlign = { 'text-align': [/^(left|right|center)$/] };

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'em', 'strong', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title'], ol: ['start'], th: ['style'], td: ['style'] },
  allowedStyles: { th: textAlign, td: textAlign },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }) },
};

/**
 * Drawing costs about a millisecond of CPU for every 1,500 characters (half the parser, half the
 * sanitizer), and the same articles are read again and again: the drawings read most recently
 * are kept, up to this many characters of markdown and HTML together (a few megabytes; only
 * admins write what is drawn).
 */
export const KEPT_CHARACTERS = 6_000_000;
const drawn = new Map<string, string>();
let keptCharacters = 0;

/** Markdown as safe HTML (kept for the texts drawn most recently). */
export function markdownHtml(markdown: string): string {
  const kept = drawn.get(markdown);
  if (kept !== undefined) {
    // Read again: to the end of the queue, the last to go.
    drawn.delete(markdown);
    drawn.set(markdown, kept);
    return kept;
  }
  const html = sanitizeHtml(markdownParser.render(markdown), SANITIZE_OPTIONS);
  drawn.set(markdown, html);
  keptCharacters += markdown.length + html.length;
  for (const [oldest, oldestHtml] of drawn) {
    if (keptCharacters <= KEPT_CHARACTERS) break;
    drawn.delete(oldest);
    keptCharacters -= oldest.length + oldestHtml.length;
  }
  return html;
}

/** How many characters of markdown and HTML are kept now (at most KEPT_CHARACTERS). */
export const keptDrawingCharacters = () => keptCharacters;
