import { queryClient, trpc } from '../../trpc';

/** Podcast refresh rules: after a like, the list and the liked query; after a comment, comments and the list. */
export const refreshPodcastLists = () => queryClient.invalidateQueries({ queryKey: trpc.content.podcasts.list.pathKey() });
