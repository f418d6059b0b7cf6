import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlog, createPodcast } from './test/content-factories';
import { createTestApp, type TestApp } from './test/test-app';
import { countRows, countRowsAtOnce, fillParams, listProcedures, listRestRoutes, trpcRequest, type RestRouteInfo } from './test/procedures';

/**
 * Property-based robustness: generated bodies, query strings and ids sent to every /api
 * path and every tRPC procedure, as a visitor, a member and an admin. The database is up,
 * so any 5xx (503 included) is a bug; every refusal carries a JSON message and changes
 * no table.
 */
const RUNS = Number(process.env.ROBUSTNESS_RUNS ?? 8);
const REQUEST_TIMEOUT_MS = 5_000;
type Role = 'visitor' | 'member' | 'admin';

let t: TestApp;
const cookies: Record<Role, string> = { visitor: '', member: '', admin: '' };

/**
 * What a refused request leaves as it was (the property under test), so only after an answer that
 * was not a refusal may a session have ended or the tables changed: until then the suite reads
 * neither again. Most generated requests are refused; reading both before each one was most of
 * the suite's work.
 */
const signInsToCheck = new Set<Role>();
let rowsNow: Record<string, number> | undefined;

/** Re-signs a role whose session a generated request ended (a logout, a deleted or demoted account). */
async function ensureSignedIn(role: Role) {
  if (role === 'visitor' || !signInsToCheck.delete(role)) return;
  const check = await t.request({ method: 'GET', url: '/api/auth/user', cookie: cookies[role] });
  if (check.statusCode === 200 && (role !== 'admin' || (check.json() as { isAdmin?: boolean }).isAdmin)) return;
  cookies[role] = (await t.signInAs(role)).cookie;
  rowsNow = undefined; // signing in again made an account and a session
}

beforeAll(async () => {
  t = await createTestApp();
  cookies.member = (await t.signInAs('member')).cookie;
  cookies.admin = (await t.signInAs('admin')).cookie;
});

afterAll(async () => {
  await t?.close();
});

// ------------------------------------------------------------------ generators

const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', 'undefined', 'true', '[]', '{}', '%00', '\u0000', '../../etc/passwd', "' or 1=1 --", '<script>alert(1)</script>', '9'.repeat(40), 'é'.repeat(300)),
  fc.string({ minLength: 1000, maxLength: 3000 }),
);
const nastyId = fc.oneof(fc.integer(), fc.nat({ max: 20 }), fc.double(), nastyString, fc.constantFrom(2 ** 31, 2 ** 53, -(2 ** 31) - 1));
const fieldNames = fc.constantFrom(
  'id', 'userId', 'limit', 'offset', 'cursor', 'search', 'q', 'category', 'published', 'upcoming', 'title', 'content', 'description',
  'email', 'password', 'firstName', 'lastName', 'username', 'age', 'bio', 'interests', 'name', 'frequency', 'text', 'rating',
  'isApproved', 'isAdmin', 'dateTime', 'timeZone', 'maxAttendees', 'tags', 'url', 'embed', 'coverImage', 'format', 'status', 'keepLoggedIn',
  'targetType', 'targetId', 'reason', 'details', 'action', 'days', 'note', 'kind', 'word', 'acceptGuidelines',
  'token', 'currentPassword', 'newPassword', 'subscribed',
);
const leaf = fc.oneof(nastyString, nastyId, fc.boolean(), fc.constant(null), fc.array(nastyString, { maxLength: 3 }));
/** Objects with the field names procedures read, holding wrong or hostile values, or any JSON at all. */
const body = fc.oneof(
  { weight: 3, arbitrary: fc.dictionary(fieldNames, leaf, { maxKeys: 6 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
);
const role = fc.constantFrom<Role>('visitor', 'member', 'admin');
const queryString = fc.dictionary(fieldNames, fc.oneof(nastyString, nastyId.map(String)), { maxKeys: 4 }).map((entries) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) params.append(key, String(value));
  return params.toString();
});
/** What a client may put on the wire: JSON, broken JSON, a form, nothing. */
const wireBody = fc.oneof(
  { weight: 4, arbitrary: body.map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((payload) => ({ contentType: 'application/json', payload: `{${payload}` })) },
  { weight: 1, arbitrary: queryString.map((payload) => ({ contentType: 'application/x-www-form-urlencoded', payload })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((payload) => ({ contentType: 'text/plain', payload })) },
);

// ------------------------------------------------------------------ checks

async function withTimeout(request: Promise<LightMyRequestResponse>, label: string): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The refusal's text, when the answer has the one error shape of its API: `{message}` and
 * nothing else on REST paths (never Fastify's `{statusCode, code, error}`), tRPC's envelope
 * with a message on /trpc.
 */
function messageOf(response: LightMyRequestResponse, api: 'rest' | 'trpc'): unknown {
  try {
    const parsed = JSON.parse(response.body) as { message?: unknown; error?: { message?: unknown } } | null;
    if (api === 'trpc') return parsed?.error?.message;
    return parsed && Object.keys(parsed).join() === 'message' ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/** Sends one generated request and checks the answer and, for a refusal, the database. */
async function probe(label: string, as: Role, send: (cookie: string) => Promise<LightMyRequestResponse>, api: 'rest' | 'trpc' = 'rest') {
  await ensureSignedIn(as);
  const before = (rowsNow ??= await countRowsAtOnce(t.db));
  const response = await withTimeout(send(cookies[as]), label);
  expect(response.statusCode, `${label} as ${as}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const message = messageOf(response, api);
    expect(typeof message === 'string' && message.length > 0, `${label} as ${as}: ${response.statusCode} without the error shape of its API: ${response.body.slice(0, 200)}`).toBe(true);
    expect(await countRowsAtOnce(t.db), `${label} as ${as} was refused (${response.statusCode}) but changed the database`).toEqual(before);
  } else {
    rowsNow = undefined;
    signInsToCheck.add('member').add('admin');
  }
}

const fastCheckOptions = { numRuns: RUNS, endOnFailure: true, interruptAfterTimeLimit: 20_000 };

describe('robustness of every /api path', () => {
  let rows: RestRouteInfo[] = [];
  beforeAll(async () => {
    rows = await listRestRoutes();
  });

  it('counts rows the same way both helpers do', async () => {
    expect(await countRowsAtOnce(t.db)).toEqual(await countRows(t.db));
  });

  it('never answers 5xx or hangs, and refusals change nothing', async () => {
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      await fc.assert(
        fc.asyncProperty(role, nastyId, queryString, wireBody, async (as, id, query, wire) => {
          const url = `${fillParams(row.url, String(id))}${query ? `?${query}` : ''}`;
          await probe(`${row.method} ${url}`, as, (cookie) =>
            t.request({
              method: row.method,
              url,
              cookie,
              ...(row.method === 'GET' ? {} : { headers: { 'content-type': wire.contentType }, payload: wire.payload }),
            }),
          );
        }),
        fastCheckOptions,
      );
    }
  }, 120_000);
});

describe('robustness of the upload paths outside the /api table', () => {
  it('never answers 5xx or hangs on generated uploads and ids, and refusals change nothing', async () => {
    const multipart = fc.record({
      field: fc.constantFrom('file', 'image', ''),
      filename: fc.oneof(fc.constantFrom('a.png', '../../x.png', 'x.svg', ''), fc.string({ maxLength: 20 })),
      type: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
      content: fc.oneof(
        fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
        fc.constantFrom('<svg onload=alert(1)>', '<html><script>1</script>', '\x89PNG\r\n\x1a\n'),
      ),
      boundaryBroken: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(role, multipart, async (as, part) => {
        const boundary = 'fcboundary';
        const payload = [
          `--${boundary}`,
          `Content-Disposition: form-data; name="${part.field}"; filename="${part.filename.replace(/["\r\n]/g, '')}"`,
          `Content-Type: ${part.type}`,
          '',
          part.content,
          part.boundaryBroken ? '' : `--${boundary}--`,
          '',
        ].join('\r\n');
        await probe('POST /api/uploads', as, (cookie) =>
          t.request({ method: 'POST', url: '/api/uploads', cookie, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload }),
        );
      }),
      fastCheckOptions,
    );
    await fc.assert(
      fc.asyncProperty(role, nastyId, async (as, id) => {
        await probe(`GET /uploads/${String(id)}`, as, (cookie) => t.request({ method: 'GET', url: `/uploads/${encodeURIComponent(String(id))}`, cookie }));
      }),
      fastCheckOptions,
    );
  }, 60_000);
});

describe('robustness of every tRPC procedure', () => {
  it('never answers 5xx or hangs, and refusals change nothing', async () => {
    const procedures = listProcedures().filter((p) => p.type !== 'subscription');
    expect(procedures.length).toBeGreaterThan(10);
    const rawInput = fc.oneof(
      { weight: 4, arbitrary: body.map((value) => ({ raw: false as const, value })) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((value) => ({ raw: true as const, value })) },
    );
    for (const procedure of procedures) {
      await fc.assert(
        fc.asyncProperty(role, rawInput, async (as, input) => {
          const label = `${procedure.path} ${JSON.stringify(input.value).slice(0, 120)}`;
          await probe(
            label,
            as,
            (cookie) => {
              if (!input.raw) return trpcRequest(t.app, { path: procedure.path, type: procedure.type, input: input.value, cookie });
              // Not JSON at all, where the adapter expects JSON.
              return procedure.type === 'query'
                ? t.request({ method: 'GET', url: `/trpc/${procedure.path}?input=${encodeURIComponent(input.value)}`, cookie })
                : t.request({ method: 'POST', url: `/trpc/${procedure.path}`, cookie, headers: { 'content-type': 'application/json' }, payload: input.value });
            },
            'trpc',
          );
        }),
        fastCheckOptions,
      );
    }
  }, 120_000);
});

describe('robustness of the watched-word filter on every write path', () => {
  /** Watched words with their disguises (letters spaced or repeated, diacritics, look-alikes) inside generated text, in English and Arabic. */
  const disguise = (word: string) =>
    fc.constantFrom(
      word,
      word.toUpperCase(),
      [...word].join('.'),
      [...word].join(' '),
      word.replace(/[aeiou]/g, (letter) => letter.repeat(4)),
      word.replace(/a/g, '4').replace(/i/g, '1').replace(/o/g, '0'),
      `${word}\u200b`,
      [...word].map((letter) => `${letter}\u064e`).join(''),
    );
  const watched = ['rude', 'meet me alone', 'غبي'];
  const text = fc
    .tuple(fc.string({ maxLength: 200 }), fc.constantFrom(...watched).chain(disguise), fc.string({ unit: fc.constantFrom(...'abc ءاأإآىيةه ًٌٍَُِّْ ـ 0123@$.'), maxLength: 300 }), fc.boolean())
    .map(([before, word, after, withWord]) => (withWord ? `${before} ${word} ${after}` : `${before} ${after}`));

  it('never answers 5xx or hangs, and a refusal (a blocked word) changes nothing', async () => {
    await ensureSignedIn('admin');
    for (const [word, action] of [['rude', 'block'], ['meet me alone', 'hold'], ['غبي', 'block']]) {
      const added = await t.request({ method: 'POST', url: '/api/admin/watched-words', cookie: cookies.admin, payload: { word, action } });
      expect(added.statusCode, added.body).toBeLessThan(300);
    }
    await ensureSignedIn('member');
    const post = await t.request({ method: 'POST', url: '/api/forum/posts', cookie: cookies.member, payload: { title: 'A thread to answer', content: 'Twenty characters of content here.', category: 'general' } });
    const postId = (post.json() as { id: number }).id;
    const podcast = await createPodcast(t.db);
    const blog = await createBlog(t.db);
    expect(post.statusCode, post.body).toBe(201);
    rowsNow = undefined;
    const writes: { label: string; url: string; payload: (text: string) => object; as: Role }[] = [
      { label: 'forum post', url: '/api/forum/posts', payload: (text) => ({ title: `Post ${text.slice(0, 100)}`, content: `${text} and twenty more characters`, category: 'general' }), as: 'member' },
      { label: 'forum comment', url: `/api/forum/posts/${postId}/comments`, payload: (text) => ({ content: text }), as: 'member' },
      { label: 'podcast comment', url: `/api/podcasts/${podcast.id}/comments`, payload: (text) => ({ content: text }), as: 'member' },
      { label: 'blog comment', url: `/api/blogs/${blog.id}/comments`, payload: (text) => ({ content: text }), as: 'member' },
      { label: 'place suggestion', url: '/api/places/suggestions', payload: (text) => ({ name: text.slice(0, 100) || 'A place', description: `${text} and more words`, category: 'cafe', address: '1 Nile St' }), as: 'member' },
      { label: 'report details', url: '/api/reports', payload: (text) => ({ targetType: 'forum_post', targetId: postId, reason: 'other', details: text }), as: 'member' },
      { label: 'application', url: '/api/join-request', payload: (text) => ({ firstName: 'Sara', lastName: 'Nour', email: `gen-${Math.random().toString(36).slice(2)}@example.com`, password: 'Bloom2024x', age: 16, interests: text.slice(0, 200), bio: text, acceptGuidelines: true }), as: 'visitor' },
    ];
    for (const write of writes) {
      await fc.assert(
        fc.asyncProperty(text, async (generated) => {
          await probe(`${write.label} ${JSON.stringify(generated).slice(0, 80)}`, write.as, (cookie) => t.request({ method: 'POST', url: write.url, cookie, payload: write.payload(generated) }));
        }),
        { ...fastCheckOptions, numRuns: RUNS * 2 },
      );
    }
  }, 120_000);
});
