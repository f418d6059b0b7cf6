import { useState, type ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** Drawn by the project; shown when an image is missing or fails to load. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/** An image that falls back to the placeholder when its URL is missing or broken. */
export function SafeImage({ src, alt, className, ...props }: Omit<ComponentProps<'img'>, 'src'> & { src: string | null | undefined; alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : PLACEHOLDER_IMAGE;
  return (
    <img
      src={usable}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (usable !== PLACEHOLDER_IMAGE) setFailedSrc(usable);
      }}
      className={cn('bg-muted object-cover', className)}
      {...props}
    />
  );
}
