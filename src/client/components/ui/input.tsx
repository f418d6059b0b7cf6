import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const fieldClasses =
  'w-full rounded-xl border border-input bg-card px-4 text-base text-foreground placeholder:text-muted-foreground/80 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60 aria-[invalid=true]:border-destructive';

/** Addresses are written left to right in every language; on Arabic pages they stay so while she types. */
const LEFT_TO_RIGHT_TYPES = new Set(['email', 'url', 'tel']);

export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return <input type={type} dir={type && LEFT_TO_RIGHT_TYPES.has(type) ? 'ltr' : undefined} className={cn(fieldClasses, 'h-11', className)} {...props} />;
}
