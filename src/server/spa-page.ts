import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_DATA_ELEMENT_ID } from '../shared/site';
import { createContext, type ContextDeps } from './trpc/context';

/** JSON that is safe inside <script>: no '<' can close the element or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The single-page app's HTML for every screen, with the visitor's session written in as a
 * JSON data block (the same answer auth.session gives, checked by the same context code):
 * the client starts rendering at once instead of asking for it first. A data block is not
 * a script, so the CSP's script rules don't apply to it.
 */
export function createSpaPage(clientDir: string, deps: ContextDeps) {
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const [head, tail] = template.includes('</head>') ? template.split('</head>', 2) : [template, undefined];

  return async function sendSpaPage(request: FastifyRequest, reply: FastifyReply) {
    let user: unknown;
    try {
      ({ user } = await createContext(deps, request, reply));
    } catch (error) {
      // The database is away: the page still loads and the client asks for the session itself.
      request.log.warn({ err: error }, 'page served without its session');
      user = undefined;
    }
    const island = user === undefined ? '' : `<script id="${SESSION_DATA_ELEMENT_ID}" type="application/json">${scriptSafeJson(user)}</script>`;
    const html = tail === undefined ? `${head}${island}` : `${head}${island}</head>${tail}`;
    return reply
      .header('cache-control', user ? 'private, no-store' : 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  };
}
