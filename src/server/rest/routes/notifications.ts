import type { FastifyReply } from 'fastify';
import type { Locale } from '#shared/i18n/locale';
import { unsubscribePage } from '../../notifications/unsubscribe-page';
import { appRouter } from '../../trpc/root';
import { rest } from '../route';
import type { RestRefusal, RestRoute } from '../types';

const { notifications } = appRouter.content;

/** True when the request asks for a page (a browser) rather than JSON (a mail app, a script). */
const wantsPage = (reply: FastifyReply) => String(reply.request.headers.accept ?? '').includes('text/html');

/** The page, never stored nor sent on with the token in a Referer. */
const sendPage = (reply: FastifyReply, status: number, answer: { locale: Locale; message: string; button?: string | null }) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(unsubscribePage({ ...answer, action: reply.request.url }));

/**
 * A browser (asking for HTML) gets a small page in her language; a mail app or a script, JSON.
 * The page's button posts the same form a mail app does, to the same address.
 */
function sendPageOrJson(reply: FastifyReply, answer: { message: string; locale: Locale; button?: string | null }) {
  return wantsPage(reply) ? sendPage(reply, 200, answer) : reply.send(answer);
}

/** A forged, expired or used link: the app's error JSON with its status, or to a browser the same words on the page. */
function refuseWithPageOrJson(reply: FastifyReply, refusal: RestRefusal) {
  return wantsPage(reply) ? sendPage(reply, refusal.status, refusal) : reply.code(refusal.status).send({ message: refusal.message });
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
  rest('POST', '/api/notifications/unsubscribe', notifications.unsubscribe, {
    from: 'body or query',
    formBody: true,
    send: sendPageOrJson,
    refuse: refuseWithPageOrJson,
    answers: ['application/json', 'text/html'],
  }),
  rest('GET', '/api/notifications/unsubscribe', notifications.unsubscribeLink, { from: 'query', send: sendPageOrJson, refuse: refuseWithPageOrJson, answers: ['application/json', 'text/html'] }),
];
