import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils';
import { Input } from './ui/input';

/** A search box with its magnifier inside, at the start of the line (the right on Arabic pages). */
export function SearchInput({ className, ...props }: Omit<ComponentProps<typeof Input>, 'type'>) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute start-4 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input type="search" className="ps-11" {...props} />
    </div>
  );
}
