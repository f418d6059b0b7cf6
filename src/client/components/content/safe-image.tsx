import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { cn } from '#client/lib/utils';

/** Drawn by the project; shown when an image is missing or fails to load. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/**
 * An image that falls back to the placeholder when its URL is missing or broken. It loads when
 * scrolled near, except the `leading` image of a screen (the first card's): that one is likely
 * the largest thing in view, so it loads at once and first.
 */
export function SafeImage({
  src,
  alt,
  className,
  leading = false,
  ...props
}: Omit<ComponentProps<'img'>, 'src'> & { src: string | null | undefined; alt: string; leading?: boolean }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : PLACEHOLDER_IMAGE;
  const image = useRef<HTMLImageElement>(null);
  // On a server-drawn page the browser may have given up on the image before React took over,
  // and React never hears of an error from before: a finished image without pixels failed.
  useEffect(() => {
    const element = image.current;
    if (element && usable !== PLACEHOLDER_IMAGE && element.complete && element.naturalWidth === 0) setFailedSrc(usable);
  }, [usable]);
  return (
    <img
      ref={image}
      src={usable}
      alt={alt}
      loading={leading ? 'eager' : 'lazy'}
      fetchPriority={leading ? 'high' : undefined}
      decoding="async"
      onError={() => {
        if (usable !== PLACEHOLDER_IMAGE) setFailedSrc(usable);
      }}
      className={cn('bg-muted object-cover', className)}
      {...props}
    />
  );
}
