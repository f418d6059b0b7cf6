import type { FastifyReply } from 'fastify';
import type { createCaller } from '../trpc/root';

export type Caller = ReturnType<typeof createCaller>;

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * One row of the /api table: a path and the procedure it calls. No logic lives here;
 * the procedure validates the input (so `as never` casts are safe) and enforces access.
 */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  /** Status on success (default 200). */
  status?: number;
  /** A larger JSON body than the app's 1 MB default (blog covers sent as inline data). */
  bodyLimit?: number;
  call: (caller: Caller, request: RestRequest) => Promise<unknown>;
  /** Also takes an HTML form body (application/x-www-form-urlencoded), which the other paths refuse. */
  formBody?: boolean;
  /** For answers that are not JSON (a CSV file, a redirect). */
  send?: (reply: FastifyReply, result: unknown) => unknown;
}
