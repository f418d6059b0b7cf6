import { count, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as schema from '#db/schema';
import type { Db } from '#db/client';
import { restRoutes } from '../rest/routes';
import type { RestRoute } from '../rest/types';
import type { CacheRule } from '../cache-areas';
import type { ProcedureMeta } from '../trpc/init';
import { appRouter } from '../trpc/root';

/**
 * The router and the /api table read at run time, so suites that go over "every
 * procedure" and "every path" follow the code as it grows instead of a hand-kept list.
 */
export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  access: ProcedureMeta['access'];
  /** For a staff call: the permission table's entry it needs. */
  permission: ProcedureMeta['permission'];
  /** What it declares for the read cache: what it reads or changes, and whether its answer is shared. */
  cache: CacheRule | undefined;
  sharedAnswer: boolean;
  /** The fields of its input (of each object schema it parses). */
  inputFields: string[];
}

interface ProcedureDef {
  _def: { type: ProcedureInfo['type']; meta?: ProcedureMeta; inputs: unknown[] };
}

const fieldsOf = (schema: unknown) => (schema !== null && typeof schema === 'object' && 'shape' in schema ? Object.keys(schema.shape as object) : []);

export function listProcedures(): ProcedureInfo[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
  return Object.entries(procedures).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    access: procedure._def.meta?.access,
    permission: procedure._def.meta?.permission,
    cache: procedure._def.meta?.cache,
    sharedAnswer: Boolean(procedure._def.meta?.cache?.shared),
    inputFields: procedure._def.inputs.flatMap(fieldsOf),
  }));
}

export interface RestRouteInfo {
  route: RestRoute;
  method: RestRoute['method'];
  url: string;
  /** The procedure the row calls. */
  procedure: ProcedureInfo | undefined;
}

export async function listRestRoutes(): Promise<RestRouteInfo[]> {
  const procedures = new Map(listProcedures().map((p) => [p.path, p]));
  return restRoutes.map((route) => ({ route, method: route.method, url: route.url, procedure: procedures.get(route.path) }));
}

/** A concrete URL for a REST row: every `:param` filled in (by default with an id no row has). */
export function fillParams(url: string, value: string | number = 987654): string {
  return url.replace(/:[A-Za-z_]+/g, encodeURIComponent(String(value)));
}

/** Calls one procedure over the tRPC HTTP endpoint the way the browser client does. */
export function trpcRequest(
  app: FastifyInstance,
  options: { path: string; type: ProcedureInfo['type']; input?: unknown; cookie?: string; headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  const headers = { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) };
  if (options.type === 'query') {
    const query = options.input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(options.input))}`;
    return app.inject({ method: 'GET', url: `/trpc/${options.path}${query}`, headers });
  }
  return app.inject({
    method: 'POST',
    url: `/trpc/${options.path}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(options.input ?? null),
  });
}

/** The error text of a tRPC or REST error answer. */
export function errorMessage(response: LightMyRequestResponse): string | undefined {
  try {
    const body = response.json() as { message?: string; error?: { message?: string } };
    return body.error?.message ?? body.message;
  } catch {
    return undefined;
  }
}

export const allTables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Row counts of every table in db/schema, keyed by SQL table name. */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of allTables) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[getTableConfig(table).name] = Number(row?.n ?? 0);
  }
  return counts;
}

/** The same counts in one round trip, for suites that compare before and after every request. */
export async function countRowsAtOnce(db: Db): Promise<Record<string, number>> {
  const names = allTables.map((table) => getTableConfig(table).name);
  const columns = sql.join(
    names.map((name, index) => sql.raw(`(select count(*) from "${name}") as c${index}`)),
    sql.raw(', '),
  );
  const result = (await db.execute(sql`select ${columns}`)) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  const row = (Array.isArray(result) ? result[0] : result.rows?.[0]) ?? {};
  return Object.fromEntries(names.map((name, index) => [name, Number(row[`c${index}`])]));
}
