import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const fieldClasses =
  'w-full rounded-xl border border-input bg-card px-4 text-base text-foreground placeholder:text-muted-foreground/80 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60 aria-[invalid=true]:border-destructive';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClasses, 'h-11', className)} {...props} />;
}
