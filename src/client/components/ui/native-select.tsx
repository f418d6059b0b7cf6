import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils';

/**
 * The browser's own select, drawn like our other fields. Filters on the list pages use it: a
 * phone shows its native picker, and it costs no script at all when the page starts (the radix
 * Select mounts its whole list to read the chosen label, a burst of re-renders on every page).
 * Give it an id and tie a <Label htmlFor> to it.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'h-11 w-full cursor-pointer appearance-none rounded-xl border border-input bg-card ps-4 pe-10 text-base focus-visible:outline-3 focus-visible:outline-ring',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute end-4 top-1/2 size-4 -translate-y-1/2 opacity-70" aria-hidden="true" />
    </div>
  );
}
