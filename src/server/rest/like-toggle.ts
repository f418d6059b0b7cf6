/**
 * The documented `POST /api/podcasts/{id}/like`, `/api/directory/{id}/like` and
 * `/api/forum/posts/{id}/like` turn her like over, while the procedures set it on or off (one
 * way for every kind): such a path reads her like, then sets the other state.
 */
export async function turnLikeOver<Answer extends { liked: boolean }>(now: Promise<{ liked: boolean }>, setLike: (liked: boolean) => Promise<Answer>): Promise<Answer> {
  const { liked } = await now;
  return setLike(!liked);
}

/** `{ liked }`: what the podcast, directory and blog like paths answer (the forum's adds `likes`). */
export const likedOnly = ({ liked }: { liked: boolean }) => ({ liked });
