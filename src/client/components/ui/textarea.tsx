import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils';
import { fieldClasses } from './input';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClasses, 'min-h-24 py-3', className)} {...props} />;
}
