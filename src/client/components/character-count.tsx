import { m } from '#i18n/messages';
import { formatCount } from '../lib/formats';
import { cn } from '../lib/utils';

/** The counter shows from this share of the limit on: far from it, it would only be noise. */
const SHOWN_FROM = 0.8;

/** Characters as the server counts them: after trimming. */
export const countedLength = (value: string) => value.trim().length;

/**
 * How much of a field's limit her text uses, near the limit, and by how much it is over: the
 * text is never cut, so a long paste stays whole and she shortens it herself. Read out politely
 * as it changes; the live region is always there (empty far from the limit) so the first
 * change is heard too.
 */
export function CharacterCount({ id, value, max }: { id: string; value: string; max: number }) {
  const used = countedLength(value);
  const over = used - max;
  return (
    <p id={`${id}-count`} aria-live="polite" className={cn('text-end text-xs tabular-nums empty:sr-only', over > 0 ? 'font-medium text-destructive' : 'text-muted-foreground')}>
      {used >= max * SHOWN_FROM ? m.common_character_count({ used: formatCount(used), max: formatCount(max) }) : null}
      {over > 0 ? ` · ${m.common_characters_over({ over: formatCount(over) })}` : null}
    </p>
  );
}
