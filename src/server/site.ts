import type { Env } from './env';

/** The site as mails, feeds and link previews name and link it. */
export interface PublicSite {
  name: string;
  /** Absolute, without a trailing slash. */
  url: string;
}

/**
 * The site's public address: PUBLIC_URL, else this server on localhost. Never the request's
 * Host header, which a client writes (a reset link or feed must not point elsewhere).
 */
export function publicSite(env: Env): PublicSite {
  return { name: env.SITE_NAME, url: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '') };
}
