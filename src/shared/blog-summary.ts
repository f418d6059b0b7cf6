export const EXCERPT_FALLBACK_LENGTH = 120;

/** The excerpt, or the first 120 characters of the content with tags (and markdown marks) stripped. */
export function blogSummary(blog: { excerpt: string; content: string }): string {
  if (blog.excerpt.trim()) return blog.excerpt;
  const text = blog.content
    .replace(/<[^>]*>/g, ' ')
    .replace(/[#*_>`~[\]]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > EXCERPT_FALLBACK_LENGTH ? `${text.slice(0, EXCERPT_FALLBACK_LENGTH).trimEnd()}…` : text;
}
