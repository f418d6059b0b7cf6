import { router } from '#server/trpc/init';
import { blogsRouter } from './blogs';
import { commentsRouter } from './comments';
import { directoryRouter } from './directory';
import { eventsRouter } from './events';
import { forumRouter } from './forum';
import { hubRouter } from './hub';
import { newsletterRouter } from './newsletter';
import { notificationsRouter } from './notifications';
import { placesRouter } from './places';
import { podcastsRouter } from './podcasts';
import { blocksRouter, reportsRouter } from './safety';
import { statsRouter } from './stats';

/** Public content, community and member actions. Each area adds its router here. */
export const contentRouter = router({
  podcasts: podcastsRouter,
  blogs: blogsRouter,
  events: eventsRouter,
  directory: directoryRouter,
  stats: statsRouter,
  newsletter: newsletterRouter,
  forum: forumRouter,
  places: placesRouter,
  hub: hubRouter,
  comments: commentsRouter,
  reports: reportsRouter,
  blocks: blocksRouter,
  notifications: notificationsRouter,
});
