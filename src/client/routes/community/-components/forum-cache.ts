import { queryClient, trpc } from '#client/trpc';

/** After any forum change: the post list, the hub's activity and counts show it. */
export function refreshForum() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.content.forum.list.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.content.hub.activity.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.content.hub.stats.pathKey() }),
  ]);
}
