import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPodcast } from '../test/content-factories';
import { trpcRequest } from '../test/procedures';
import { createTestApp, type TestApp } from '../test/test-app';
import { mentions } from './mentions';

/** Mentions: only members who took part in the thread are offered and told, by their display name. */
let t: TestApp;
type Someone = Awaited<ReturnType<TestApp['signInAs']>>;
let zeina: Someone;
let laila: Someone;
let outsider: Someone;
beforeAll(async () => {
  t = await createTestApp();
  [zeina, laila, outsider] = await Promise.all([t.signInAs('member', { firstName: 'Zeina' }), t.signInAs('member', { firstName: 'Laila' }), t.signInAs('member', { firstName: 'Zahra' })]);
});
afterAll(() => t.close());

const as = (who: Someone | null, method: 'GET' | 'POST', url: string, payload?: object) => t.request({ method, url, payload, cookie: who?.cookie });
const nameOf = (who: Someone) => `${who.user.firstName} ${who.user.lastName[0]!.toUpperCase()}.`;
async function forumPost(who: Someone) {
  const response = await as(who, 'POST', '/api/forum/posts', { title: 'Mentions thread', content: 'Twenty characters of content here.', category: 'general' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}
async function comment(who: Someone, url: string, content: string) {
  const response = await as(who, 'POST', url, { content });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; content: string };
}
const mentionKinds = async (who: Someone) => ((await as(who, 'GET', '/api/notifications')).json() as { items: { kind: string; target: { id: number } }[] }).items.filter((item) => item.kind === 'mention');
const offered = async (who: Someone, query: string) => {
  const response = await as(who, 'GET', `/api/mentions?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { mention: string }[]).map((item) => item.mention);
};

describe('the mention list', () => {
  it('offers the thread\'s participants she can see, by display name and the start of it, never herself nor anyone else', async () => {
    const post = await forumPost(zeina);
    const url = `/api/forum/posts/${post.id}/comments`;
    await comment(laila, url, 'Hello');
    const thread = `thread=forum:${post.id}`;
    expect(await offered(laila, thread)).toEqual([`@${nameOf(zeina)}`]);
    expect(await offered(outsider, thread)).toEqual([`@${nameOf(laila)}`, `@${nameOf(zeina)}`]);
    expect(await offered(outsider, `${thread}&q=z`)).toEqual([`@${nameOf(zeina)}`]);
    expect(await offered(outsider, `${thread}&q=Zahra`)).toEqual([]);
    expect(await offered(outsider, `${thread}&limit=1`)).toHaveLength(1);

    // A held comment's author is offered to nobody until it is published.
    const newcomer = await t.signInAs('member', { established: false, firstName: 'Nour' });
    await comment(newcomer, url, 'Waiting');
    expect(await offered(outsider, thread)).not.toContain(`@${nameOf(newcomer)}`);

    // Blocks hide each from the other's list.
    expect((await as(outsider, 'POST', '/api/blocks', { userId: laila.user.id })).statusCode).toBe(201);
    expect(await offered(outsider, thread)).toEqual([`@${nameOf(zeina)}`]);

    const viaTrpc = await trpcRequest(t.app, { path: 'content.notifications.mentions', type: 'query', input: { thread: `forum:${post.id}`, q: 'Lai' }, cookie: zeina.cookie });
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json()).toMatchObject({ result: { data: [{ firstName: 'Laila', mention: `@${nameOf(laila)}` }] } });
  });

  it('answers a thread she can\'t see as missing, refuses a bad thread or query with a message, and visitors', async () => {
    const post = await forumPost(zeina);
    expect((await as(null, 'GET', `/api/mentions?thread=forum:${post.id}`)).statusCode).toBe(401);
    expect((await as(laila, 'GET', '/api/mentions?thread=forum:99999999')).statusCode).toBe(404);
    for (const query of ['thread=event:1', 'thread=forum', 'thread=forum:0', 'thread=forum:12x', '', `thread=forum:${post.id}&q=${'a'.repeat(51)}`, `thread=forum:${post.id}&limit=500`]) {
      const refused = await as(laila, 'GET', `/api/mentions?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json(), query).toEqual({ message: expect.any(String) });
    }
    const podcast = await createPodcast(t.db);
    await comment(laila, `/api/podcasts/${podcast.id}/comments`, 'On the podcast');
    expect(await offered(zeina, `thread=podcast:${podcast.id}`)).toEqual([`@${nameOf(laila)}`]);
  });
});

describe('a mention', () => {
  it('tells a participant named by her exact display name, once; the text keeps the name', async () => {
    const post = await forumPost(zeina);
    const url = `/api/forum/posts/${post.id}/comments`;
    await comment(laila, url, 'I was here');
    const said = await comment(zeina, url, `Thanks @${nameOf(laila)}! And again @${nameOf(laila)}`);
    expect(said.content).toBe(`Thanks @${nameOf(laila)}! And again @${nameOf(laila)}`);
    expect((await mentionKinds(laila)).map((item) => item.target.id)).toEqual([post.id]);
  });

  it('tells nobody who did not take part, who looks alike, or who is named with an invisible character or a longer name', async () => {
    const post = await forumPost(zeina);
    const url = `/api/forum/posts/${post.id}/comments`;
    await comment(laila, url, 'Participating');
    const name = nameOf(laila);
    const lookAlike = name.replace('a', '\u0430'); // Cyrillic a
    const invisible = `${name.slice(0, 2)}\u200B${name.slice(2)}`;
    await comment(zeina, url, `@${nameOf(outsider)} @${lookAlike} @${invisible} @${name}x @${name.toLowerCase()}`);
    expect(await mentionKinds(outsider)).toEqual([]);
    expect((await mentionKinds(laila)).filter((item) => item.target.id === post.id)).toEqual([]);
  });

  it('never crosses a block, never tells herself, and waits while its comment is held', async () => {
    const post = await forumPost(zeina);
    const url = `/api/forum/posts/${post.id}/comments`;
    const hana = await t.signInAs('member', { firstName: 'Hana' });
    await comment(hana, url, 'Hana takes part');
    await comment(laila, url, 'Laila takes part');
    expect((await as(hana, 'POST', '/api/blocks', { userId: laila.user.id })).statusCode).toBe(201);
    await comment(laila, url, `Hi @${nameOf(hana)} and @${nameOf(laila)}`);
    expect(await mentionKinds(hana)).toEqual([]);

    const newcomer = await t.signInAs('member', { established: false, firstName: 'Nour' });
    const held = await comment(newcomer, url, `Hello @${nameOf(zeina)} and @${nameOf(laila)}`);
    const lailaMentions = async () => (await mentionKinds(laila)).filter((item) => item.target.id === post.id);
    expect(await lailaMentions()).toEqual([]);
    const moderator = await t.signInAs('moderator');
    expect((await as(moderator, 'POST', `/api/admin/moderation/forum_comment/${held.id}/approve`)).statusCode).toBe(200);
    expect(await lailaMentions()).toHaveLength(1);
    // Zeina owns the post: the approved comment tells her of the reply, once, not twice as a mention too.
    const told = ((await as(zeina, 'GET', '/api/notifications')).json() as { items: { kind: string; actor: { firstName: string } | null }[] }).items.filter((item) => item.actor?.firstName === 'Nour');
    expect(told.map((item) => item.kind)).toEqual(['reply']);
  });

  it('reads a name as mentioned only when no letter or digit follows it', () => {
    expect(mentions('hi @Zeina F.', 'Zeina F.')).toBe(true);
    expect(mentions('hi @Zeina F., welcome', 'Zeina F.')).toBe(true);
    expect(mentions('@Zeina F.x', 'Zeina F.')).toBe(false);
    expect(mentions('@Zeina F.١', 'Zeina F.')).toBe(false);
    expect(mentions('@Zeina F.x and @Zeina F.', 'Zeina F.')).toBe(true);
    expect(mentions('Zeina F.', 'Zeina F.')).toBe(false);
  });
});
