import MarkdownIt from 'markdown-it';

/**
 * The site's markdown, wherever it is drawn (the server's pages and newsletter mails, the
 * admin's preview in her browser): raw HTML off, so stored text never becomes markup; the
 * author's line breaks kept; written addresses linked.
 */
export const markdownParser = new MarkdownIt({ html: false, breaks: true, linkify: true });
