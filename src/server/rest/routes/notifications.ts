import type { FastifyReply } from 'fastify';
import { directionOf, type Locale } from '#shared/i18n/locale';
import { appRouter } from '../../trpc/root';
import { rest } from '../route';
import type { RestRoute } from '../types';

const { notifications } = appRouter.content;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * A browser (asking for HTML) gets a small page in her language; a mail app or a script, JSON.
 * The page's button posts the same form a mail app does, to the same address.
 */
function sendPageOrJson(reply: FastifyReply, answer: { message: string; locale?: Locale; button?: string | null }) {
  const accept = String(reply.request.headers.accept ?? '');
  if (!accept.includes('text/html')) return reply.send(answer);
  const locale = answer.locale ?? 'en';
  const form = answer.button
    ? `<form method="post" action="${escapeHtml(reply.request.url)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(answer.button)}</button></form>`
    : '';
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(`<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(answer.message)}</title><body><main><p>${escapeHtml(answer.message)}</p>${form}</main></body></html>`);
}

/** Her notifications and the members she may mention in a thread. */
export const notificationRoutes: RestRoute[] = [
  rest('GET', '/api/notifications', notifications.list, { from: 'query' }),
  rest('POST', '/api/notifications/read', notifications.read, { from: 'body' }),
  rest('GET', '/api/notifications/preferences', notifications.preferences),
  rest('PUT', '/api/notifications/preferences', notifications.setPreferences, { from: 'body' }),
  rest('GET', '/api/mentions', notifications.mentions, { from: 'query' }),
  // A mail app's one-click unsubscribe (RFC 8058) posts the form `List-Unsubscribe=One-Click`
  // to the link, whose query holds the token. Opened in a browser (GET), the link shows what it
  // turns off and a button that posts the same form: opening it changes nothing, since mail
  // scanners open links too.
  rest('POST', '/api/notifications/unsubscribe', notifications.unsubscribe, { from: 'body or query', formBody: true, send: sendPageOrJson, answers: ['application/json', 'text/html'] }),
  rest('GET', '/api/notifications/unsubscribe', notifications.unsubscribeLink, { from: 'query', send: sendPageOrJson, answers: ['application/json', 'text/html'] }),
];
