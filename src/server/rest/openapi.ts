import type { AnyTRPCProcedure } from '@trpc/server';
import { SESSION_COOKIE } from '../auth/cookies';
import type { ProcedureMeta } from '../trpc/init';
import { fieldsOf, inputSchemaOf, type JsonSchema } from './input-schema';
import type { RestRoute } from './types';

/**
 * The OpenAPI 3.1 document of the /api table (GET /api/openapi.json), made from the rows and
 * their procedures' zod inputs, so it can't drift from what the paths accept. It is made from
 * code alone: no answer, no row of the database.
 */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, { type: 'apiKey'; in: 'cookie'; name: string; description: string }>;
  };
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  description?: string;
  required: boolean;
  schema: JsonSchema;
}

interface Response {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, { schema: JsonSchema }>;
}

interface Operation {
  operationId: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response | { $ref: string }>;
  security: Record<string, string[]>[];
}

const errorResponse = (description: string): Response => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

function accessOf(procedure: AnyTRPCProcedure): ProcedureMeta['access'] {
  const meta = procedure._def.meta;
  const access = typeof meta === 'object' && meta !== null && 'access' in meta ? meta.access : undefined;
  return access === 'member' || access === 'staff' ? access : 'public';
}

/** The input schema less the fields the path gives, and less `required` when the query may give them. */
function bodySchema(route: RestRoute, schema: JsonSchema): JsonSchema {
  const fields = fieldsOf(schema).filter((field) => !route.params.includes(field.name));
  const required = route.from === 'body' ? fields.filter((field) => field.required).map((field) => field.name) : [];
  return { type: 'object', properties: Object.fromEntries(fields.map((field) => [field.name, field.schema])), ...(required.length ? { required } : {}) };
}

/** The operation's id: its procedure's path, with the method where two rows call one procedure (an article's POST and DELETE like). */
function operationIdOf(route: RestRoute, routes: readonly RestRoute[]): string {
  const shared = routes.filter((other) => other.path === route.path).length > 1;
  return shared ? `${route.path}.${route.method.toLowerCase()}` : route.path;
}

function operationOf(route: RestRoute, operationId: string): Operation {
  const schema = inputSchemaOf(route.procedure);
  const fields = fieldsOf(schema);
  const access = accessOf(route.procedure);
  const pathParameters = route.params.map((name): Parameter => ({ name, in: 'path', required: true, schema: fields.find((field) => field.name === name)?.schema ?? { type: 'string' } }));
  const queryParameters =
    route.from === 'query' || route.from === 'body or query'
      ? fields
          .filter((field) => !route.params.includes(field.name))
          .map((field): Parameter => ({ name: field.name, in: 'query', required: route.from === 'query' && field.required, ...pagingWords(route, field.name), schema: field.schema }))
      : [];
  const meta = route.procedure._def.meta as ProcedureMeta | undefined;
  const idempotencyKey: Parameter[] = meta?.idempotent
    ? [{ name: 'Idempotency-Key', in: 'header', required: false, description: 'One per submit (16-100 of A-Z a-z 0-9 - _): a retry with the same key answers the first result; kept a day.', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,100}$' } }]
    : [];
  const parameters = [...pathParameters, ...queryParameters, ...idempotencyKey];
  const body = schema && (route.from === 'body' || route.from === 'body or query') ? bodySchema(route, schema) : undefined;
  const bodyTypes = route.formBody ? ['application/json', 'application/x-www-form-urlencoded'] : ['application/json'];
  return {
    operationId,
    tags: [route.path.split('.').slice(0, -1).join('.')],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: route.from === 'body' && Array.isArray(body.required), content: Object.fromEntries(bodyTypes.map((type) => [type, { schema: body }])) } } : {}),
    responses: {
      [String(route.status)]: {
        description: 'Done.',
        ...(route.pages ? { headers: { Link: NEXT_PAGE_LINK } } : {}),
        content: Object.fromEntries(route.answers.map((type) => [type, { schema: {} }])),
      },
      ...(schema ? { '400': { $ref: '#/components/responses/BadInput' } } : {}),
      ...(access === 'public' ? {} : { '401': { $ref: '#/components/responses/SignedOut' }, '403': { $ref: '#/components/responses/Refused' } }),
      default: { $ref: '#/components/responses/Error' },
    },
    // Public paths take the session too: some answers say what is hers (her likes, her RSVP).
    security: access === 'public' ? [{}, { session: [] }] : [{ session: [] }],
  };
}

/** How a list paged by keyset names its next page. */
const NEXT_PAGE_LINK = {
  description:
    'The next page, as RFC 8288 writes it: `</api/blogs?limit=12&cursor=4711>; rel="next"` (the same path and query, with the last item as `cursor` and no `offset`). Sent only while the list goes on after this page; follow it until it is absent.',
  schema: { type: 'string' },
};

/** What `cursor` and `offset` mean on a list paged by keyset. */
function pagingWords(route: RestRoute, field: string): { description?: string } {
  if (!route.pages) return {};
  if (field === 'cursor')
    return {
      description:
        "The last item of the page before (as the Link header's next page gives it): the page starts after it, whatever was added or removed meanwhile. A cursor that is no item of this list, as this caller sees it, gives an empty page. With a cursor, offset is ignored.",
    };
  if (field === 'offset') return { description: 'Items to skip from the first, when no cursor is given; the cursor of the Link header does not skip or repeat items while the list changes.' };
  return {};
}

/** `/api/comments/:kind/:id` as OpenAPI writes it: `/api/comments/{kind}/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

export function openApiDocument(routes: readonly RestRoute[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = operationOf(route, operationIdOf(route, routes));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bloom Circle REST API',
      version: '1',
      description:
        'Each path calls the procedure its operationId names, the same one the tRPC endpoint (/trpc) serves. Query strings arrive as text: numbers and booleans are read from it. Every error is {"message"} in the language of the request.',
    },
    paths,
    components: {
      schemas: { Error: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
      responses: {
        BadInput: errorResponse('The input was refused; the message says why.'),
        SignedOut: errorResponse('Not signed in.'),
        Refused: errorResponse('Signed in, but not allowed (a staff path her role lacks the permission for, or a suspended member writing).'),
        Error: errorResponse('Any other error: not found, too many requests, the database out of reach.'),
      },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie that signing in sets.' } },
    },
  };
}
