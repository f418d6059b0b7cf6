import type { FastifyReply } from 'fastify';
import { callTRPCProcedure, type AnyTRPCProcedure, type inferProcedureInput, type inferProcedureOutput, type TRPCRouterRecord } from '@trpc/server';
import { appRouter } from '../trpc/root';
import type { Context } from '../trpc/context';
import { fieldsOf, inputSchemaOf } from './input-schema';
import type { InputSource, RestMethod, RestRefusal, RestRequest, RestRoute } from './types';

/** The object a procedure takes, or never when it takes none. */
type InputOf<P extends AnyTRPCProcedure> = Exclude<inferProcedureInput<P>, void | undefined>;
type FieldOf<P extends AnyTRPCProcedure> = [InputOf<P>] extends [never] ? never : keyof InputOf<P> & string;
/** One item of a list a procedure answers. */
type ItemOf<P extends AnyTRPCProcedure> = inferProcedureOutput<P> extends readonly (infer Item)[] ? Item : never;
/** The cursor that names an item: its id, or what the list's `cursor` field takes (the review queue's `kind:id`). */
type CursorOf<P extends AnyTRPCProcedure> = (item: ItemOf<P>) => string | number;

/** The names of a url's `:params`: '/api/comments/:kind/:id' gives 'kind' | 'id'. */
export type ParamsOf<Url extends string> = Url extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamsOf<`/${Rest}`> : Url extends `${string}:${infer Name}` ? Name : never;

export interface RestOptions<P extends AnyTRPCProcedure> {
  /** Where the input's other fields come from; none when the procedure takes no input. */
  from?: [InputOf<P>] extends [never] ? never : InputSource;
  /** Input fields the row sets itself: a path that stands for one value (DELETE like: `liked: false`). */
  fixed?: Partial<InputOf<P>>;
  /** Status on success (default 200). */
  status?: number;
  bodyLimit?: number;
  formBody?: boolean;
  /** For answers that are not plain JSON (a file, a calendar); `answers` names their content types. */
  send?: (reply: FastifyReply, result: inferProcedureOutput<P>) => FastifyReply;
  answers?: readonly string[];
  /** For refusals that are not the app's `{message}` JSON alone (a page a browser shows); it sets the status it is given. */
  refuse?: (reply: FastifyReply, refusal: RestRefusal) => FastifyReply;
  /**
   * A list paged by keyset (its input's `cursor`): the answer's `Link` header names the next
   * page (RFC 8288, `rel="next"`) while there is one. `true` when an item's cursor is its id.
   */
  pages?: ItemOf<P> extends { id: number } ? true | CursorOf<P> : CursorOf<P>;
}

/** Each `:param` of the url must be a field of the procedure's input, else the row does not compile. */
type CheckedOptions<P extends AnyTRPCProcedure, Url extends string> = [Exclude<ParamsOf<Url>, FieldOf<P>>] extends [never]
  ? [options?: RestOptions<P>]
  : [options: RestOptions<P> & { pathParamNotInInput: Exclude<ParamsOf<Url>, FieldOf<P>> }];

let procedurePaths: Map<AnyTRPCProcedure, string> | undefined;

function procedurePathsOf(record: TRPCRouterRecord, prefix = '', paths = new Map<AnyTRPCProcedure, string>()) {
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'function') paths.set(value, `${prefix}${key}`);
    else procedurePathsOf(value, `${prefix}${key}.`, paths);
  }
  return paths;
}

/** Where a procedure sits in the router: its middlewares (audit, read cache, sessions) read the path. */
function pathOf(procedure: AnyTRPCProcedure): string {
  procedurePaths ??= procedurePathsOf(appRouter._def.record);
  const path = procedurePaths.get(procedure);
  if (!path) throw new Error('an /api row names a procedure that is not in the router');
  return path;
}

/** A value's own fields, as spreading it would copy them (a JSON body may be any JSON value). */
const fieldsOfValue = (value: unknown): object => Object(value);

/**
 * The raw input, as a /trpc client would send it: the source (the very object when the url
 * has no params) with each path param set on it. The procedure's schema validates all of it.
 */
function rawInput(route: Pick<RestRoute, 'from' | 'params' | 'procedure'>, request: RestRequest, fixed: object | undefined): unknown {
  const input = requestInput(route, request);
  return fixed ? { ...fieldsOfValue(input), ...fixed } : input;
}

function requestInput(route: Pick<RestRoute, 'from' | 'params' | 'procedure'>, request: RestRequest): unknown {
  const params = Object.fromEntries(route.params.map((name) => [name, request.params[name]]));
  switch (route.from) {
    case undefined:
      return route.params.length ? params : undefined;
    case 'query':
      return route.params.length ? { ...request.query, ...params } : request.query;
    case 'body':
      return route.params.length ? { ...fieldsOfValue(request.body), ...params } : request.body;
    case 'body or query': {
      const body: Record<string, unknown> = { ...fieldsOfValue(request.body) };
      const fields = fieldsOf(inputSchemaOf(route.procedure)).map(({ name }) => [name, body[name] ?? request.query[name]]);
      return { ...Object.fromEntries(fields), ...params };
    }
  }
}

/**
 * One /api row: `method url` calls `procedure` with the request's input, exactly as /trpc
 * calls it (same context, middlewares and validation). The input's fields and the answer's
 * type come from the procedure.
 */
export function rest<P extends AnyTRPCProcedure, const Url extends string>(method: RestMethod, url: Url, procedure: P, ...[options = {}]: CheckedOptions<P, Url>): RestRoute {
  const path = pathOf(procedure);
  const { from, fixed, status = 200, bodyLimit, formBody = false, send, answers = ['application/json'], refuse } = options;
  const route = { method, url, path, procedure, params: [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? ''), from, status, formBody, answers, pages: options.pages !== undefined };
  const call = (ctx: Context, request: RestRequest): Promise<inferProcedureOutput<P>> =>
    callTRPCProcedure({ router: appRouter, path, type: procedure._def.type, ctx, getRawInput: () => Promise.resolve(rawInput(route, request, fixed)), signal: undefined, batchIndex: 0 });
  const cursorOf: CursorOf<P> | undefined = options.pages === true ? (item) => (item as { id: number }).id : options.pages;
  const defaultLimit = Number(fieldsOf(inputSchemaOf(procedure)).find((field) => field.name === 'limit')?.schema.default);
  return {
    ...route,
    ...(bodyLimit ? { bodyLimit } : {}),
    ...(refuse ? { refuse } : {}),
    async answer(ctx, request, reply) {
      const result = await call(ctx, request);
      if (cursorOf) await linkNextPage(reply, request, result as unknown as ItemOf<P>[], cursorOf, defaultLimit, (query) => call(ctx, { ...request, query }) as Promise<unknown>);
      if (send) return send(reply, result);
      return reply.code(status).send(result ?? { success: true });
    },
  };
}

/**
 * Sets `Link: <next>; rel="next"` when the list goes on after this page: the same path and
 * query, with the last item as `cursor` and no `offset`. A full page asks for the one item after
 * it, so the last page carries no link even when it is full.
 */
async function linkNextPage<Item>(
  reply: FastifyReply,
  request: RestRequest,
  items: Item[],
  cursorOf: (item: Item) => string | number,
  defaultLimit: number,
  probe: (query: Record<string, unknown>) => Promise<unknown>,
) {
  const last = items.at(-1);
  const limit = request.query.limit === undefined ? defaultLimit : Number(request.query.limit);
  if (last === undefined || items.length < limit) return;
  const { offset: _offset, ...query } = request.query;
  const cursor = String(cursorOf(last));
  const after = await probe({ ...query, cursor, limit: 1 });
  if (!Array.isArray(after) || after.length === 0) return;
  const url = new URL(reply.request.url, 'http://localhost');
  url.searchParams.delete('offset');
  url.searchParams.set('cursor', cursor);
  url.searchParams.set('limit', String(limit));
  reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
}
