import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallQuery, renderPage } from '#client/entry-server';
import { QUERY_DATA_ELEMENT_ID, SESSION_DATA_ELEMENT_ID } from '#shared/site';
import { type Context, createContext, type ContextDeps } from './trpc/context';
import { currentSession } from './auth/access';
import { createCaller } from './trpc/root';
import { fallbackPageHead, pageHeadFor, pageHeadHtml } from './page-head';
import { scriptSafeJson } from './script-safe-json';
import { inLocale, localeOfRequest } from './i18n';
import { sendCompressed } from './answer-compression';
import { withinTimeLimit } from './time-limit';
import { DEFAULT_LOCALE, directionOf, type Locale, LOCALES } from '#shared/i18n/locale';

/** The client's server-side renderer (src/client/entry-server.tsx, built into dist/ssr). */
export type RenderPage = typeof renderPage;

/** A page that takes longer than this to render on the server goes out without SSR: the browser renders it. */
const RENDER_TIME_LIMIT_MS = 2_000;

const dataBlock = (id: string, value: unknown) => `<script id="${id}" type="application/json">${scriptSafeJson(value)}</script>`;

/** The built renderer next to the built client (dist/ssr beside dist/client), when there is one. */
export async function loadBuiltRenderer(clientDir: string): Promise<RenderPage | null> {
  const entry = resolve(clientDir, '../ssr/entry-server.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage };
  return module.renderPage;
}

/**
 * Runs a query procedure for the renderer exactly as /trpc would for this request (same
 * context, same checks), with the answer passed through JSON as it would travel.
 */
function queryCaller(context: Context): CallQuery {
  const caller = createCaller(context) as unknown as Record<string, unknown>;
  return async (path, input) => {
    const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], caller);
    if (typeof procedure !== 'function') throw new Error(`no procedure ${path}`);
    return JSON.parse(JSON.stringify(await (procedure as (input: unknown) => Promise<unknown>)(input))) as unknown;
  };
}

/**
 * A server-rendered page needs no script to be seen. Its module script and preloads (which the
 * browser would fetch at once, beside the styles and images that paint the page) become one
 * small deferred script, public/start.js, that starts them once the server-rendered markup has
 * been painted.
 */
export function startCodeAfterPaint(head: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(head);
  if (!entry) return head;
  const preloads: string[] = [];
  const withoutCode = head.replace(entry[0], '').replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  return `${withoutCode}<script defer src="/start.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>\n`;
}

/**
 * A language's page as the build wrote it (index.html for English, index.<locale>.html for the
 * others), cut where the page's own head tags and data blocks go: the end of the head.
 */
function pageTemplate(clientDir: string, locale: Locale) {
  const file = join(clientDir, locale === DEFAULT_LOCALE ? 'index.html' : `index.${locale}.html`);
  // The template's own title and description give way to each page's (page-head.ts).
  const template = readFileSync(existsSync(file) ? file : join(clientDir, 'index.html'), 'utf8')
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${locale}" dir="${directionOf(locale)}">`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '');
  const headEnd = template.includes('</head>') ? template.indexOf('</head>') : template.length;
  const head = template.slice(0, headEnd);
  return { head, tail: template.slice(headEnd), renderedHead: startCodeAfterPaint(head) };
}

const notRendered = () => {
  throw new Error(`not rendered within ${RENDER_TIME_LIMIT_MS} ms`);
};

/**
 * Every screen's HTML. The visitor's session is written in as a JSON data block (the same
 * answer auth.session gives, checked by the same context code), and, when the renderer is
 * there, the screen itself is rendered on the server into #root with the query answers it was
 * rendered from in a second data block: the browser paints the page at once, then hydrates it.
 * A data block is not a script, so the CSP's script rules don't apply to it.
 * Without the renderer, or when server-side rendering fails, the page goes out without SSR
 * and the browser renders it alone, as a single-page app does.
 */
export function createSpaPage(clientDir: string, deps: ContextDeps, renderer: Promise<RenderPage | null>) {
  const templates = new Map(LOCALES.map((locale) => [locale, pageTemplate(clientDir, locale)]));
  const { site } = deps.mail;

  /** The page's title, description, preview tags and JSON-LD; their fixed parts if the database is away. */
  const pageHeadTags = (request: FastifyRequest, locale: Locale) =>
    inLocale(locale, async () => {
      try {
        return pageHeadHtml(await pageHeadFor(deps.db, site, request.url), site);
      } catch (error) {
        request.log.warn({ err: error }, 'page head without its content');
        return pageHeadHtml(fallbackPageHead(site, request.url), site);
      }
    });

  return async function sendSpaPage(request: FastifyRequest, reply: FastifyReply) {
    let context: Context | undefined;
    try {
      context = await createContext(deps, request, reply);
    } catch (error) {
      // The database is away: the page still loads and the client asks for the session itself.
      request.log.warn({ err: error }, 'page served without its session');
    }
    // The page's language decides its template (the browser's code for that language) and its words.
    const locale = context?.locale ?? localeOfRequest(request);
    const { head, tail, renderedHead } = templates.get(locale)!;
    // Read while the page renders; in the page's language, which her saved choice can decide.
    const headTags = pageHeadTags(request, locale);

    let blocks = '';
    let body = tail;
    let pageHead = head;
    if (context) {
      const session = currentSession(context.user, context);
      blocks = dataBlock(SESSION_DATA_ELEMENT_ID, session);
      try {
        const renderPage = await renderer;
        const rendered = renderPage && (await withinTimeLimit(renderPage({ url: request.url, session, locale, callQuery: queryCaller(context) }), RENDER_TIME_LIMIT_MS, notRendered));
        if (rendered) {
          blocks += dataBlock(QUERY_DATA_ELEMENT_ID, rendered.queries);
          // Inert until the browser hydrates it, so nothing typed or clicked on it is lost.
          body = tail.replace('<div id="root"></div>', () => `<div id="root" inert>${rendered.html}</div>`);
          pageHead = renderedHead;
        }
      } catch (error) {
        request.log.warn({ err: error }, 'page sent without server-side rendering');
      }
    }

    reply
      .header('cache-control', context?.user ? 'private, no-store' : 'no-cache')
      .header('vary', 'cookie, accept-language')
      .type('text/html; charset=utf-8');
    return sendCompressed(request, reply, `${pageHead}    ${await headTags}\n${blocks}${body}`);
  };
}
