import type { FastifyInstance } from 'fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import { createContext, type ContextDeps } from '../trpc/context';
import { createCaller } from '../trpc/root';
import { clientMessage } from '../trpc/init';
import { restRoutes } from './routes';

/**
 * Registers the /api table: each path builds the same context and calls the same procedure as
 * /trpc. Cache-Control is set for both APIs (tRPC and REST) in one place (registerNoStoreForPersonalAnswers).
 */
export async function restPlugin(app: FastifyInstance, deps: ContextDeps) {
  // GET /api/login sends a browser to the member sign-in page.
  app.get('/api/login', async (_request, reply) => reply.redirect('/login'));

  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (request, reply) => {
        const ctx = await createContext(deps, request, reply);
        try {
          const result = await route.call(createCaller(ctx), {
            params: request.params as Record<string, string>,
            query: request.query as Record<string, unknown>,
            body: request.body ?? {},
          });
          if (route.send) return route.send(reply, result);
          return reply.code(route.status ?? 200).send(result ?? { success: true });
        } catch (error) {
          if (!(error instanceof TRPCError)) throw error;
          if (error.code === 'INTERNAL_SERVER_ERROR') request.log.error({ err: error.cause ?? error }, 'procedure failed');
          return reply.code(getHTTPStatusCodeFromError(error)).send({ message: clientMessage(error) });
        }
      },
    });
  }
}
