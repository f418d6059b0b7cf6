import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_CALLS_PER_REQUEST } from '#shared/limits';
import { messages } from '#shared/messages';

/** The route the tRPC adapter registers under its `/trpc` prefix. */
const TRPC_ROUTE = '/trpc/:path';

/**
 * A tRPC batch names its procedures in one path segment, separated by commas
 * (`/trpc/a,b,c?batch=1`, GET or POST). Each call costs the server at least a query, so a
 * request naming more than MAX_CALLS_PER_REQUEST is refused whole, before its body is read and
 * before any procedure runs. The names are counted as tRPC splits them: from the decoded path.
 */
export async function refuseOversizedBatch(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.routeOptions.url !== TRPC_ROUTE) return;
  const path = (request.params as { path?: unknown }).path;
  if (typeof path !== 'string' || path.split(',').length <= MAX_CALLS_PER_REQUEST) return;
  await reply.code(400).header('cache-control', 'no-store').send({ message: messages.http.tooManyCalls });
}

/**
 * An Idempotency-Key names one write, so a tRPC batch of several calls can't carry one: refused
 * whole (400) before any call runs (the browser sends each write alone; see src/client/trpc.ts).
 */
export async function refuseKeyedBatch(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.routeOptions.url !== TRPC_ROUTE || request.headers['idempotency-key'] === undefined) return;
  const path = (request.params as { path?: unknown }).path;
  if (typeof path !== 'string' || !path.includes(',')) return;
  await reply.code(400).header('cache-control', 'no-store').send({ message: messages.http.idempotencyKeyOneCall });
}
