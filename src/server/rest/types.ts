import type { FastifyReply } from 'fastify';
import type { AnyTRPCProcedure } from '@trpc/server';
import type { Locale } from '#shared/i18n/locale';
import type { Context } from '../trpc/context';

export type RestMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Where a row's input fields come from, besides the path's `:params` (each the input field of
 * its name, overriding a field of the same name): the query string, the JSON body, or the body
 * with the query string for the fields the body lacks.
 */
export type InputSource = 'query' | 'body' | 'body or query';

/** A procedure's refusal as a row may show it: the status, the words and their language. */
export interface RestRefusal {
  status: number;
  message: string;
  locale: Locale;
}

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * One row of the /api table, as made by rest() (route.ts): a path and the procedure it calls.
 * No logic lives here; the procedure validates the input and enforces access.
 */
export interface RestRoute {
  method: RestMethod;
  url: string;
  /** The procedure's path in the router, e.g. `content.podcasts.list`. */
  path: string;
  procedure: AnyTRPCProcedure;
  /** The url's `:params`, in order. */
  params: readonly string[];
  from: InputSource | undefined;
  /** Status on success. */
  status: number;
  /** A larger JSON body than the app's 1 MB default (blog covers sent as inline data). */
  bodyLimit?: number;
  /** Also takes an HTML form body (application/x-www-form-urlencoded), which the other paths refuse. */
  formBody: boolean;
  /** A list paged by keyset: it takes `cursor`, and its answer's `Link` header names the next page. */
  pages: boolean;
  /** The content types of a successful answer. */
  answers: readonly string[];
  /** Sends a refusal itself (a page to a browser); without it, every refusal is the app's `{message}` JSON. */
  refuse?: (reply: FastifyReply, refusal: RestRefusal) => FastifyReply;
  /** Runs the procedure with the request's input, as /trpc would, and sends its answer. */
  answer(ctx: Context, request: RestRequest, reply: FastifyReply): Promise<FastifyReply>;
}
