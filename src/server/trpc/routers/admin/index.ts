import { router } from '#server/trpc/init';
import { adminAdminsRouter } from './admins';
import { adminBlogsRouter } from './blogs';
import { adminDirectoryRouter } from './directory';
import { adminEventsRouter } from './events';
import { adminForumRouter } from './forum';
import { adminMembersRouter } from './members';
import { adminAuditRouter, adminMailRouter, adminOverviewRouter, adminReportsRouter, adminReviewRouter, adminWatchedWordsRouter } from './moderation';
import { adminNewsletterRouter } from './newsletter';
import { adminPlacesRouter } from './places';
import { adminPodcastsRouter } from './podcasts';
import { adminUploadsRouter } from './uploads';
import { adminUsersRouter } from './users';

/** The admin panel's calls; every procedure here is a staffProcedure naming its permission. */
export const adminRouter = router({
  users: adminUsersRouter,
  members: adminMembersRouter,
  admins: adminAdminsRouter,
  podcasts: adminPodcastsRouter,
  directory: adminDirectoryRouter,
  events: adminEventsRouter,
  blogs: adminBlogsRouter,
  forum: adminForumRouter,
  places: adminPlacesRouter,
  newsletter: adminNewsletterRouter,
  uploads: adminUploadsRouter,
  watchedWords: adminWatchedWordsRouter,
  audit: adminAuditRouter,
  reports: adminReportsRouter,
  moderation: adminReviewRouter,
  mail: adminMailRouter,
  overview: adminOverviewRouter,
});
