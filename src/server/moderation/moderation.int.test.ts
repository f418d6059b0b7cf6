import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, forumComments, forumPosts, placeSuggestions, podcastComments, users, watchedWords } from '#db/schema';
import { messages } from '#shared/messages';
import { createPodcast } from '../test/content-factories';
import { validApplication } from '../test/factories';
import { listProcedures, trpcRequest } from '../test/procedures';
import { createTestApp, type TestApp } from '../test/test-app';

const m = messages.moderation;
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['signInAs']>>;
let member: Awaited<ReturnType<TestApp['signInAs']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAs('admin');
  member = await t.signInAs('member');
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.request({ method, url, payload, cookie: admin.cookie });
const asMember = (method: 'GET' | 'POST', url: string, payload?: object) => t.request({ method, url, payload, cookie: member.cookie });
const count = async (table: PgTable) => (await t.db.select().from(table)).length;

describe('watched words', () => {
  it('are listed, added and removed by admins; the same word in any case is added once', async () => {
    const added = await asAdmin('POST', '/api/admin/watched-words', { word: '  Idiot ', action: 'block' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ word: 'Idiot', action: 'block' });
    expect((await asAdmin('POST', '/api/admin/watched-words', { word: 'meet me alone', action: 'hold' })).statusCode).toBe(201);
    const again = await asAdmin('POST', '/api/admin/watched-words', { word: 'IDIOT', action: 'hold' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: m.wordTaken });
    expect((await asAdmin('GET', '/api/admin/watched-words')).json().map((w: { word: string }) => w.word)).toEqual(['Idiot', 'meet me alone']);
  });

  it('refuses a bad word or action with the rule, adding nothing', async () => {
    const before = await count(watchedWords);
    for (const [payload, message] of [
      [{ word: '', action: 'block' }, m.wordRequired],
      [{ word: ' ... ', action: 'block' }, m.wordHasNoLetters],
      [{ word: '\u3164\u200b\uFE0F', action: 'block' }, m.wordHasNoLetters], // a Hangul filler is a letter that shows nothing
      [{ word: 'x'.repeat(61), action: 'block' }, m.wordTooLong],
      [{ word: 'rude', action: 'ban' }, m.actionInvalid],
    ] as const) {
      const response = await asAdmin('POST', '/api/admin/watched-words', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(await count(watchedWords)).toBe(before);
    expect((await asAdmin('DELETE', '/api/admin/watched-words/999999')).json()).toEqual({ message: m.wordNotFound });
  });

  it('refuse, with the community text and storing nothing, every member text that holds a blocked word, however disguised', async () => {
    const podcast = await createPodcast(t.db);
    const [post] = await t.db.insert(forumPosts).values({ userId: admin.user.id, title: 'A kind post', content: 'Twenty characters of content here.', category: 'general' }).returning();
    const before = { posts: await count(forumPosts), podcastComments: await count(podcastComments), forumComments: await count(forumComments), suggestions: await count(placeSuggestions), users: await count(users) };
    const refused = [
      asMember('POST', '/api/forum/posts', { title: 'Honest question', content: 'Why is everyone such an 1D10T about this?', category: 'general' }),
      asMember('POST', `/api/podcasts/${podcast.id}/comments`, { content: 'what an i.d.i.o.t' }),
      asMember('POST', `/api/forum/posts/${post!.id}/comments`, { content: 'idiiiiot' }),
      asMember('POST', '/api/places/suggestions', { name: 'Idiot cafe', description: 'A calm place to study after school.', category: 'cafe', address: '1 Nile St' }),
      t.request({ method: 'POST', url: '/api/join-request', payload: { ...validApplication(), bio: 'My sister is an idiot but I love her.' } }),
      trpcRequest(t.app, { path: 'content.podcasts.addComment', type: 'mutation', input: { id: podcast.id, content: 'IDIOT!!!' }, cookie: member.cookie }),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(m.blockedLanguage);
    }
    expect({ posts: await count(forumPosts), podcastComments: await count(podcastComments), forumComments: await count(forumComments), suggestions: await count(placeSuggestions), users: await count(users) }).toEqual(before);

    // Words that merely hold the letters pass.
    expect((await asMember('POST', `/api/podcasts/${podcast.id}/comments`, { content: 'The idiotic plot twist made me laugh' })).statusCode).toBe(201);
    // Once the word is removed, the same text goes through.
    const [word] = (await asAdmin('GET', '/api/admin/watched-words')).json() as { id: number; word: string }[];
    expect((await asAdmin('DELETE', `/api/admin/watched-words/${word!.id}`)).statusCode).toBe(200);
    expect((await asMember('POST', `/api/podcasts/${podcast.id}/comments`, { content: 'what an i.d.i.o.t' })).statusCode).toBe(201);
  });

  it('refuse a blocked word hidden by an invisible character or look-alike letters of another script in a forum post or comment', async () => {
    expect((await asAdmin('POST', '/api/admin/watched-words', { word: 'stupid', action: 'block' })).statusCode).toBe(201);
    const [post] = await t.db.insert(forumPosts).values({ userId: admin.user.id, title: 'A calm post', content: 'Twenty characters of content here.', category: 'general' }).returning();
    const before = { posts: await count(forumPosts), comments: await count(forumComments) };
    for (const disguised of [
      'stu\uFE0Fpid', // a variation selector
      'stu\u{E0020}pid', // a tag character
      'stu\u3164pid', // a Hangul filler
      'st\u0443\u0440id', // Cyrillic у and р
      '\u0455tup\u0131d', // Cyrillic ѕ, dotless ı
      '\uFF53\uFF54\uFF55\uFF50\uFF49\uFF44', // full-width letters
    ]) {
      for (const response of [
        await asMember('POST', '/api/forum/posts', { title: 'Honest question', content: `Why is everyone so ${disguised} about this?`, category: 'general' }),
        await asMember('POST', `/api/forum/posts/${post!.id}/comments`, { content: `you are ${disguised}` }),
        await trpcRequest(t.app, { path: 'content.forum.comments.create', type: 'mutation', input: { id: post!.id, content: `so ${disguised}!` }, cookie: member.cookie }),
      ]) {
        expect(response.statusCode, `${JSON.stringify(disguised)}: ${response.body}`).toBe(400);
        expect(response.body).toContain(m.blockedLanguage);
      }
    }
    expect({ posts: await count(forumPosts), comments: await count(forumComments) }).toEqual(before);
    // A word that only shares the letters still goes through.
    expect((await asMember('POST', `/api/forum/posts/${post!.id}/comments`, { content: 'What a stupendous idea!' })).statusCode).toBe(201);
  });
});

describe('the audit log', () => {
  it('records every admin change on both APIs (tRPC and REST): who, what, which item, a summary, and never a password', async () => {
    const created = await asAdmin('POST', '/api/podcasts', { title: 'Audited episode', description: 'A talk.', category: 'School Life', iframe: 'https://www.youtube.com/embed/abc123', tags: '' });
    expect(created.statusCode).toBe(201);
    const viaTrpc = await trpcRequest(t.app, { path: 'admin.podcasts.delete', type: 'mutation', input: { id: created.json().id }, cookie: admin.cookie });
    expect(viaTrpc.statusCode).toBe(200);
    const newAdmin = await asAdmin('POST', '/api/admin/admins', { email: 'audited-admin@example.com', firstName: 'Noor', lastName: 'Audit', password: 'secret12' });
    expect(newAdmin.statusCode).toBe(201);
    // A refused change is not a change.
    expect((await asAdmin('DELETE', '/api/podcasts/999999')).statusCode).toBe(404);

    const entries = (await asAdmin('GET', '/api/admin/audit?limit=100')).json() as { action: string; adminName: string; adminId: number; targetId: number | null; summary: string; details: unknown }[];
    const actions = entries.map((entry) => entry.action);
    expect(actions.slice(0, 3)).toEqual(['admin.admins.create', 'admin.podcasts.delete', 'admin.podcasts.create']);
    expect(entries[2]).toMatchObject({ adminId: admin.user.id, targetId: created.json().id, summary: "Added podcast 'Audited episode'" });
    expect(entries[2]!.adminName).toBe(`${admin.user.firstName} ${admin.user.lastName}`);
    expect(entries[1]).toMatchObject({ targetId: created.json().id, summary: "Deleted podcast 'Audited episode'" });
    expect(entries[0]).toMatchObject({ targetId: newAdmin.json().id, summary: 'Added Noor A. as an admin' });
    expect(JSON.stringify(entries)).not.toContain('secret12');
    expect(actions).toContain('admin.watchedWords.create');
    expect(actions).toContain('admin.watchedWords.delete');
    expect(actions).not.toContain('admin.audit.list');

    const filtered = (await asAdmin('GET', '/api/admin/audit?action=admin.podcasts.create')).json() as { action: string }[];
    expect(new Set(filtered.map((entry) => entry.action))).toEqual(new Set(['admin.podcasts.create']));
    expect(await asAdmin('GET', `/api/admin/audit?adminId=${member.user.id}`).then((r) => r.json())).toEqual([]);
  });

  it('can only be read: no procedure writes, edits or deletes it', async () => {
    const auditProcedures = listProcedures().filter((procedure) => procedure.path.startsWith('admin.audit.'));
    expect(auditProcedures.map((procedure) => procedure.type)).toEqual(['query']);
    expect((await t.request({ method: 'GET', url: '/api/admin/audit', cookie: member.cookie })).statusCode).toBe(403);
    expect((await t.db.select().from(auditLog)).length).toBeGreaterThan(3);
  });
});
