import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogComments, forumComments, forumPosts, placeSuggestions, podcastComments, profileChanges, reports, users } from '#db/schema';
import { TEXT_LIMITS } from '#shared/limits';
import { messages } from '#shared/messages';
import { createBlog, createPodcast } from '#server/test/content-factories';
import { validApplication } from '#server/test/factories';
import { createTestApp, type TestApp } from '#server/test/test-app';

// Every text a member writes has a limit; longer text is refused with that field's message on
// both doors (REST and tRPC), and nothing is stored: never a shortened copy.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Longer than any member field allows, like a long paste: words, so a cut would land mid-word. */
const PASTE = 'Lorem ipsum dolor sit amet, a note about the things '.repeat(520).slice(0, 27_000);
const over = (limit: number) => 'word '.repeat(Math.ceil((limit + 1) / 5)).padEnd(limit + 1, 'x');

type Table = typeof forumPosts | typeof forumComments | typeof podcastComments | typeof blogComments | typeof placeSuggestions | typeof reports | typeof users | typeof profileChanges;
const countOf = async (table: Table) => {
  const [row] = await t.db.select({ count: sql<number>`count(*)::int` }).from(table);
  return row!.count;
};

type Door = 'rest' | 'trpc';
interface Write {
  name: string;
  table: Table;
  message: () => string;
  /** Sends the over-long write by one door; answers the status and the message. */
  send(door: Door, cookie: string): Promise<{ status: number; message: string }>;
}

async function call(door: Door, cookie: string, rest: { method: 'POST' | 'PATCH'; url: string }, procedure: string, payload: Record<string, unknown>) {
  if (door === 'rest') {
    const { id: _id, ...body } = payload;
    const response = await t.request({ ...rest, payload: body, cookie });
    return { status: response.statusCode, message: response.json().message as string };
  }
  const response = await t.request({ method: 'POST', url: `/trpc/${procedure}`, payload, cookie });
  return { status: response.statusCode, message: response.json().error.message as string };
}

const forumPost = { title: 'A long paste', content: PASTE, category: 'general' };

const writes = async (): Promise<Write[]> => {
  const podcast = await createPodcast(t.db);
  const blog = await createBlog(t.db);
  const { cookie: author } = await t.signInAs('member');
  const post = (await t.request({ method: 'POST', url: '/api/forum/posts', cookie: author, payload: { title: 'Somewhere to comment', content: 'Twenty characters or more of content.', category: 'general' } })).json();
  const comment = (kind: string, id: number, procedure: string, table: Write['table']): Write => ({
    name: `a comment on a ${kind}`,
    table,
    message: () => messages.comments.tooLong,
    send: (door, cookie) => call(door, cookie, { method: 'POST', url: kind === 'forum post' ? `/api/forum/posts/${id}/comments` : `/api/${kind}s/${id}/comments` }, procedure, { id, content: over(TEXT_LIMITS.comment) }),
  });
  return [
    { name: 'a forum post (27,000 characters pasted)', table: forumPosts, message: () => messages.forum.contentMax, send: (door, cookie) => call(door, cookie, { method: 'POST', url: '/api/forum/posts' }, 'content.forum.create', forumPost) },
    {
      name: 'a forum post title',
      table: forumPosts,
      message: () => messages.forum.titleMax,
      send: (door, cookie) => call(door, cookie, { method: 'POST', url: '/api/forum/posts' }, 'content.forum.create', { ...forumPost, title: over(TEXT_LIMITS.forumTitle), content: 'Twenty characters or more of content.' }),
    },
    comment('podcast', podcast.id, 'content.podcasts.addComment', podcastComments),
    comment('blog', blog.id, 'content.blogs.addComment', blogComments),
    comment('forum post', post.id, 'content.forum.comments.create', forumComments),
    {
      name: 'a place suggestion',
      table: placeSuggestions,
      message: () => messages.places.descriptionMax,
      send: (door, cookie) => call(door, cookie, { method: 'POST', url: '/api/places/suggestions' }, 'content.places.suggest', { name: 'A quiet cafe', description: over(TEXT_LIMITS.placeDescription), category: 'cafe', address: '1 Nile Street' }),
    },
    {
      name: 'a report',
      table: reports,
      message: () => messages.safety.reportDetailsTooLong,
      send: (door, cookie) => call(door, cookie, { method: 'POST', url: '/api/reports' }, 'content.reports.create', { targetType: 'forum_post', targetId: post.id, reason: 'spam', details: over(TEXT_LIMITS.reportDetails) }),
    },
    { name: 'a profile bio', table: profileChanges, message: () => messages.signup.bioMax, send: (door, cookie) => call(door, cookie, { method: 'PATCH', url: '/api/profile' }, 'auth.account.updateProfile', { bio: PASTE }) },
    {
      name: 'profile interests',
      table: profileChanges,
      message: () => messages.signup.interestsMax,
      send: (door, cookie) => call(door, cookie, { method: 'PATCH', url: '/api/profile' }, 'auth.account.updateProfile', { interests: over(TEXT_LIMITS.interests) }),
    },
    { name: 'an application bio', table: users, message: () => messages.signup.bioMax, send: (door) => call(door, '', { method: 'POST', url: '/api/join-request' }, 'auth.joinRequest', { ...validApplication(), bio: PASTE }) },
    {
      name: 'application interests',
      table: users,
      message: () => messages.signup.interestsMax,
      send: (door) => call(door, '', { method: 'POST', url: '/api/join-request' }, 'auth.joinRequest', { ...validApplication(), interests: over(TEXT_LIMITS.interests) }),
    },
  ];
};

describe('over-long member text', () => {
  it.each(['rest', 'trpc'] as const)('is refused through %s with the field message, and nothing is stored', async (door) => {
    const { user, cookie } = await t.signInAs('member');
    for (const write of await writes()) {
      const before = await countOf(write.table);
      const answer = await write.send(door, cookie);
      expect({ write: write.name, ...answer }).toEqual({ write: write.name, status: 400, message: write.message() });
      expect({ write: write.name, count: await countOf(write.table) }).toEqual({ write: write.name, count: before });
    }
    const [self] = await t.db.select({ bio: users.bio, interests: users.interests }).from(users).where(eq(users.id, user.id));
    expect((self!.bio ?? '').length).toBeLessThan(TEXT_LIMITS.bio);
    expect((self!.interests ?? '').length).toBeLessThan(TEXT_LIMITS.interests);
  });

  it('is taken whole at the limit', async () => {
    const { cookie } = await t.signInAs('member');
    const content = over(TEXT_LIMITS.forumContent - 1);
    const response = await t.request({ method: 'POST', url: '/api/forum/posts', cookie, payload: { ...forumPost, content } });
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select({ content: forumPosts.content }).from(forumPosts).where(eq(forumPosts.id, response.json().id));
    expect(row!.content).toBe(content.trim());
  });
});
