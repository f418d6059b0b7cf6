import { relativeTime } from '#client/lib/formats';

/**
 * A date as 'Just now', 'N minutes ago'... against the clock of whoever draws it. The server's
 * label and the browser's can differ when a minute or an hour turns between the page being
 * drawn and being hydrated; the browser then keeps the server's text (suppressHydrationWarning)
 * instead of treating the page as mismatched and drawing it again, which would replace what she
 * is typing. The label is exact from the next render on.
 */
export function RelativeTime({ date, className }: { date: Date | string; className?: string }) {
  return (
    <time dateTime={new Date(date).toISOString()} className={className} suppressHydrationWarning>
      {relativeTime(date)}
    </time>
  );
}
