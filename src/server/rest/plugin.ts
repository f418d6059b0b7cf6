import type { FastifyInstance } from 'fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import { refusalLocale } from '../errors';
import { createContext, type ContextDeps } from '../trpc/context';
import { clientMessage } from '../trpc/init';
import { openApiDocument } from './openapi';
import { restRoutes } from './routes';
import type { RestRoute } from './types';

/**
 * Registers the /api table: each path builds the same context and calls the same procedure as
 * /trpc. Cache-Control is set for both APIs (tRPC and REST) in one place (registerNoStoreForPersonalAnswers).
 */
export async function restPlugin(app: FastifyInstance, deps: ContextDeps) {
  // GET /api/login sends a browser to the member sign-in page.
  app.get('/api/login', async (_request, reply) => reply.redirect('/login'));

  // The table described for API clients: made once, from code only, so it holds no one's data.
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get('/api/openapi.json', async (_request, reply) => reply.send((document ??= openApiDocument(restRoutes))));

  const addRoute = (scope: FastifyInstance, route: RestRoute) =>
    scope.route<{ Params: Record<string, string>; Querystring: Record<string, unknown> }>({
      method: route.method,
      url: route.url,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (request, reply) => {
        const ctx = await createContext(deps, request, reply);
        try {
          return await route.answer(ctx, { params: request.params, query: request.query, body: request.body ?? {} }, reply);
        } catch (error) {
          if (!(error instanceof TRPCError)) throw error;
          if (error.code === 'INTERNAL_SERVER_ERROR') request.log.error({ err: error.cause ?? error }, 'procedure failed');
          const refusal = { status: getHTTPStatusCodeFromError(error), message: clientMessage(error), locale: refusalLocale(error, ctx.locale) };
          if (route.refuse) return route.refuse(reply, refusal);
          return reply.code(refusal.status).send({ message: refusal.message });
        }
      },
    });

  for (const route of restRoutes.filter((route) => !route.formBody)) addRoute(app, route);
  // HTML form bodies only where a route asks for them (one-click unsubscribe), in a scope of their own.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    for (const route of restRoutes.filter((route) => route.formBody)) addRoute(scope, route);
  });
}
