import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils';

/**
 * Every text field: each line takes the direction of its own text, and so does the placeholder,
 * so a name in Latin letters on an Arabic page, or an Arabic bio on an English one, keeps its
 * punctuation where she typed it. (`dir="auto"` would set an empty field left to right,
 * placeholder and all.)
 */
export const fieldClasses =
  '[unicode-bidi:plaintext] w-full rounded-xl border border-input bg-card px-4 text-base text-foreground placeholder:text-muted-foreground/80 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60 aria-[invalid=true]:border-destructive';

/** Addresses are written left to right in every language; on Arabic pages they stay so while she types. */
const LEFT_TO_RIGHT_TYPES = new Set(['email', 'url', 'tel']);

export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return <input type={type} dir={type && LEFT_TO_RIGHT_TYPES.has(type) ? 'ltr' : undefined} className={cn(fieldClasses, 'h-11', className)} {...props} />;
}
