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
  const limitSchema = fieldsOf(inputSchemaOf(procedure)).find((field) => field.name === 'limit')?.schema;
  const pageSize = { default: Number(limitSchema?.default), maximum: Number(limitSchema?.maximum) };
  return {
    ...route,
    ...(bodyLimit ? { bodyLimit } : {}),
    ...(refuse ? { refuse } : {}),
    async answer(ctx, request, reply) {
      let result: inferProcedureOutput<P>;
      if (cursorOf) {
        const page = await readPage((query) => call(ctx, { ...request, query }) as Promise<ItemOf<P>[]>, request.query, cursorOf, pageSize);
        if (page.next) reply.header('link', nextPageLink(reply.request.url, page.next));
        result = page.items as inferProcedureOutput<P>;
      } else result = await call(ctx, request);
      if (send) return send(reply, result);
      return reply.code(status).send(result ?? { success: true });
    },
  };
}

/**
 * One page of a list row, and where the next one starts when the list goes on after it: the
 * page is read with one item more than asked, which says whether there is a next page. A full
 * page of the largest size (the input allows no more) links to the next without reading it: a
 * second read would cost as much as the page (the admin's member search by a common name), and
 * when the list ends there the link leads to an empty page, which carries none.
 */
async function readPage<Item>(
  read: (query: Record<string, unknown>) => Promise<Item[]>,
  query: Record<string, unknown>,
  cursorOf: (item: Item) => string | number,
  pageSize: { default: number; maximum: number },
): Promise<{ items: Item[]; next?: { cursor: string; limit: number } }> {
  const limit = query.limit === undefined ? pageSize.default : Number(query.limit);
  // A limit the input refuses is sent as given, for the procedure's own message.
  if (!Number.isInteger(limit) || limit < 1 || limit > pageSize.maximum) return { items: await read(query) };
  const oneMore = limit < pageSize.maximum;
  const items = await read(oneMore ? { ...query, limit: limit + 1 } : query);
  const page = items.slice(0, limit);
  const last = page.at(-1);
  if (last === undefined || items.length < limit) return { items: page };
  const more = oneMore ? items.length > limit : true;
  return more ? { items: page, next: { cursor: String(cursorOf(last)), limit } } : { items: page };
}

/** `Link: <next>; rel="next"` (RFC 8288): the request's own path and query, with the last item as `cursor` and no `offset`. */
function nextPageLink(requestUrl: string, next: { cursor: string; limit: number }): string {
  const url = new URL(requestUrl, 'http://localhost');
  url.searchParams.delete('offset');
  url.searchParams.set('cursor', next.cursor);
  url.searchParams.set('limit', String(next.limit));
  return `<${url.pathname}${url.search}>; rel="next"`;
}
