import type { FastifyReply } from 'fastify';
import { appRouter } from '../../trpc/root';
import { rest } from '../route';
import type { RestRoute } from '../types';

const { content } = appRouter;

/** What the podcast, directory and blog like paths answer: her like only (the forum's adds the likes). */
const likedOnly = (reply: FastifyReply, { liked }: { liked: boolean }) => reply.send({ liked });

/** Public content: stats, podcasts, the directory, events and blogs. */
export const contentRoutes: RestRoute[] = [
  rest('GET', '/api/stats', content.stats.get),

  rest('GET', '/api/podcasts', content.podcasts.list, { from: 'query', pages: true }),
  rest('GET', '/api/podcasts/:id/liked', content.podcasts.liked),
  // SPEC.md's POST like paths turn her like over (the procedure does, given no `liked`) and answer `{ liked }`.
  rest('POST', '/api/podcasts/:id/like', content.podcasts.like, { send: likedOnly }),
  rest('GET', '/api/podcasts/:id/comments', content.podcasts.comments, { from: 'query', pages: true }),
  rest('POST', '/api/podcasts/:id/comments', content.podcasts.addComment, { from: 'body', status: 201 }),
  rest('POST', '/api/reports', content.reports.create, { from: 'body', status: 201 }),
  rest('GET', '/api/reports/mine', content.reports.mine, { from: 'query', pages: true }),
  rest('GET', '/api/blocks', content.blocks.list),
  rest('POST', '/api/blocks', content.blocks.create, { from: 'body', status: 201 }),
  rest('DELETE', '/api/blocks/:userId', content.blocks.delete),
  rest('DELETE', '/api/comments/:kind/:id', content.comments.delete),

  rest('GET', '/api/directory', content.directory.list, { from: 'query', pages: true }),
  rest('POST', '/api/directory/interest', content.directory.expressInterest),
  rest('GET', '/api/directory/:id/liked', content.directory.liked),
  rest('POST', '/api/directory/:id/like', content.directory.like, { send: likedOnly }),

  rest('GET', '/api/events', content.events.list, { from: 'query', pages: true }),
  rest('GET', '/api/events/:id/rsvps', content.events.rsvps),
  rest('POST', '/api/events/:id/rsvp', content.events.rsvp),
  rest('GET', '/api/events/:id/ics', content.events.ics, {
    send: (reply, file) => reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.content),
    answers: ['text/calendar'],
  }),
  rest('POST', '/api/calendar/feed', content.events.calendarFeed),
  rest('DELETE', '/api/events/:id/rsvp', content.events.cancelRsvp),

  rest('GET', '/api/blogs', content.blogs.list, { from: 'query', pages: true }),
  rest('GET', '/api/blogs/:id', content.blogs.byId),
  rest('GET', '/api/blogs/:id/comments', content.blogs.comments, { from: 'query', pages: true }),
  rest('GET', '/api/blogs/:id/liked', content.blogs.liked),
  rest('POST', '/api/blogs/:id/like', content.blogs.like, { fixed: { liked: true }, send: likedOnly }),
  rest('DELETE', '/api/blogs/:id/like', content.blogs.like, { fixed: { liked: false }, send: likedOnly }),
  rest('POST', '/api/blogs/:id/comments', content.blogs.addComment, { from: 'body', status: 201 }),
];
