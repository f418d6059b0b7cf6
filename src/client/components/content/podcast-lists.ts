import { queryClient, trpc } from '#client/trpc';

/** Podcast refresh rules: after a like, the lists (and a podcast's own page) and the liked query; after a comment, comments and the lists. */
export const refreshPodcastLists = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.content.podcasts.list.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.content.podcasts.byId.pathKey() }),
  ]);
