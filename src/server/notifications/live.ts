import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '#db/client';
import { listenTo, notify } from '#db/notifications';
import { messages } from '#shared/messages';
import { readSessionCookie } from '../auth/cookies';
import { validateSessionToken } from '../auth/session';
import { inLocale, localeOfRequest } from '../i18n';
import { unreadCount } from './inbox';

/** The channel that tells every server process whose notifications changed. */
export const NOTIFICATIONS_CHANNEL = 'bloom_notifications';

/** Ids per message, well under NOTIFY's 8,000-byte payload. */
const IDS_PER_MESSAGE = 500;

/**
 * Tells every process (and this one) that these members have new notifications, once the
 * transaction that wrote them commits (NOTIFY inside a transaction is delivered at commit,
 * and not at all after a rollback): their open streams then send the new unread count.
 */
export async function signalNotified(tx: Db, userIds: number[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += IDS_PER_MESSAGE) {
    await notify(tx, NOTIFICATIONS_CHANNEL, userIds.slice(i, i + IDS_PER_MESSAGE).join(','));
  }
}

/** A member's open streams at most: a further tab ends her oldest, so one member can't hold a process's memory. */
export const STREAMS_PER_MEMBER = 5;

interface Stream {
  userId: number;
  token: string;
  reply: FastifyReply;
}

export interface StreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream, and re-checks her session. */
  heartbeatMs?: number;
}

/**
 * GET /api/notifications/stream: Server-Sent Events carrying her unread count (`event: unread`,
 * `data: {"unread": n}`) when she opens it and whenever it changes, in any process: one LISTEN
 * per process hears whose notifications changed (signalNotified) and sends those members' open
 * streams their new count. A heartbeat comment every `heartbeatMs` also re-checks her session:
 * a stream doesn't outlive her sign-out. The browser's EventSource reconnects
 * by itself (`retry`). Never stored by any cache (`no-store`).
 */
export function registerNotificationStream(app: FastifyInstance, db: Db, options: StreamOptions = {}) {
  const streams = new Map<number, Stream[]>();
  let listening: Promise<() => Promise<void>> | undefined;

  const send = (stream: Stream, text: string) => {
    if (!stream.reply.raw.writableEnded) stream.reply.raw.write(text);
  };
  /** Sends her unread count to her open streams, or to the one just opened (`only`). */
  const sendCount = async (userId: number, only?: Stream) => {
    const open = only ? [only] : streams.get(userId);
    if (!open?.length) return;
    const unread = await unreadCount(db, userId);
    for (const stream of open) send(stream, `event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
  };
  const sendCounts = (userIds: Iterable<number>) => {
    for (const userId of userIds) sendCount(userId).catch((error: unknown) => app.log.warn({ err: error }, 'notification stream: count failed'));
  };

  const close = (stream: Stream) => {
    const open = streams.get(stream.userId)?.filter((other) => other !== stream) ?? [];
    if (open.length) streams.set(stream.userId, open);
    else streams.delete(stream.userId);
    if (!stream.reply.raw.writableEnded) stream.reply.raw.end();
  };

  // Listening starts with the first stream; after a reconnect, the counts missed meanwhile are sent again.
  const listen = () =>
    (listening ??= listenTo(
      db,
      NOTIFICATIONS_CHANNEL,
      (payload) => sendCounts(payload.split(',').map(Number).filter((id) => streams.has(id))),
      () => sendCounts([...streams.keys()]),
    ));

  const heartbeat = setInterval(() => {
    for (const open of streams.values()) {
      for (const stream of open) {
        validateSessionToken(db, stream.token)
          .then(({ user }) => (user?.id === stream.userId ? send(stream, ': heartbeat\n\n') : close(stream)))
          .catch(() => send(stream, ': heartbeat\n\n'));
      }
    }
  }, options.heartbeatMs ?? 25_000);
  heartbeat.unref();

  // Before the server waits for its connections to end: open streams would keep it waiting.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const open of [...streams.values()]) for (const stream of open) close(stream);
    if (listening) await (await listening)();
  });

  app.get('/api/notifications/stream', async (request, reply) => {
    const token = readSessionCookie(request);
    const { user } = token ? await validateSessionToken(db, token) : { user: null };
    if (!token || !user) return reply.code(401).header('cache-control', 'no-store').send({ message: inLocale(localeOfRequest(request, undefined), () => messages.access.authRequired) });
    await listen();
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Proxies that buffer answers (nginx) pass each event on at once.
      'x-accel-buffering': 'no',
    });
    const stream: Stream = { userId: user.id, token, reply };
    const open = [...(streams.get(user.id) ?? []), stream];
    streams.set(user.id, open);
    if (open.length > STREAMS_PER_MEMBER) close(open[0]!);
    request.raw.on('close', () => close(stream));
    send(stream, 'retry: 5000\n\n');
    await sendCount(user.id, stream);
  });
}
