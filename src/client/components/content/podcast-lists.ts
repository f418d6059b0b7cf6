import { queryClient, trpc } from '../../trpc';

/** Refresh rules of SPEC.md §7: after a like, the list and the liked query; after a comment, comments and the list. */
export const refreshPodcastLists = () => queryClient.invalidateQueries({ queryKey: trpc.content.podcasts.list.pathKey() });
