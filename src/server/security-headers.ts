import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The site's Content-Security-Policy and helmet's other defaults. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix injects small <style> blocks (scroll lock); scripts stay strictly 'self'.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  // Embedded videos need cross-origin frames without CORP headers.
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets for these options. None of them depends on the request (no CSP
 * nonces, no directive computed per request), so they are worked out once: helmet's
 * middleware, as @fastify/helmet runs it, rebuilds every header, the CSP string included,
 * for each request.
 */
export function securityHeadersOf(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Every answer, errors and files included, carries the security headers. */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeadersOf();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
