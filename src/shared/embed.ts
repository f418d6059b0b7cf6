/**
 * Video embeds: stored HTML is never rendered (DECISIONS.md). The client builds its own
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
