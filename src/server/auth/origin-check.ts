import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '#shared/messages';

/** Compares hosts the way URL does, so 'http://site:80' and 'site' are the same host. */
function isSameHost(origin: string, ownHost: string | undefined): boolean {
  try {
    const originUrl = new URL(origin);
    return ownHost !== undefined && originUrl.host === new URL(`${originUrl.protocol}//${ownHost}`).host;
  } catch {
    return false; // 'null' or garbage: treat as foreign
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests whose Origin names another host than this site.
 * Requests without an Origin (API clients, curl) are judged by their session alone.
 */
export function createOriginCheck(publicUrl: string | undefined) {
  const publicHost = publicUrl ? new URL(publicUrl).host : undefined;
  return async function originCheck(request: FastifyRequest, reply: FastifyReply) {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!isSameHost(origin, publicHost ?? request.headers.host)) {
      return reply.code(403).send({ message: messages.access.crossSite });
    }
  };
}
