/**
 * Video embeds: stored HTML is never rendered. The client builds its own
 * iframe, and only from an https URL on one of these hosts and paths.
 */
const ALLOWED_EMBEDS: { host: string; pathPrefix: string }[] = [
  { host: 'www.youtube.com', pathPrefix: '/embed/' },
  { host: 'www.youtube-nocookie.com', pathPrefix: '/embed/' },
  { host: 'player.vimeo.com', pathPrefix: '/video/' },
];

/** True for an https embed URL on YouTube (incl. nocookie) or Vimeo's player, with a video id after the prefix. */
export function isAllowedEmbedUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length > 2000) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) return false;
  return ALLOWED_EMBEDS.some(
    ({ host, pathPrefix }) =>
      parsed.hostname === host && parsed.pathname.startsWith(pathPrefix) && /^[\w-]+$/.test(parsed.pathname.slice(pathPrefix.length).split('/')[0] ?? ''),
  );
}

/** Escapes text for a double-quoted HTML attribute value. */
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The `iframe` of a podcast answer: markup the server builds from the validated embed URL,
 * escaped, so a quote in the URL can never close the attribute. Stored markup is never sent.
 */
export const iframeFromEmbedUrl = (url: string) =>
  `<iframe width="560" height="315" src="${escapeAttribute(url)}" title="Video player" allowfullscreen></iframe>`;

/** A podcast answer with its `iframe` beside the `embedUrl` the client's own player reads. */
export const withIframe = <T extends { embedUrl: string }>(row: T) => ({ ...row, iframe: iframeFromEmbedUrl(row.embedUrl) });
