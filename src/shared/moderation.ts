/** What a watched word does: refuse the text, or hold it for a moderator's review. */
export const WATCHED_WORD_ACTIONS = ['block', 'hold'] as const;
export type WatchedWordAction = (typeof WATCHED_WORD_ACTIONS)[number];
