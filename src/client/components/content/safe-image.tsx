import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { IMAGE_FORMATS, IMAGE_WIDTHS, UPLOAD_PATH } from '#shared/images';
import { cn } from '#client/lib/utils';

/** A card in the pages' card grid (max-w-6xl): three columns from 1024 px, two from 640 px, else the screen's width. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

/** Drawn by the project; shown when an image is missing or fails to load. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/**
 * An image that falls back to the placeholder when its URL is missing or broken. It loads when
 * scrolled near, except the `leading` image of a screen (the first card's): that one is likely
 * the largest thing in view, so it loads at once and first. An upload of ours comes in widths
 * and formats (/uploads/{id}/800.avif): the browser takes the smallest that fills `sizes` (the
 * image's width on screen) in the best format it reads; an outside address is shown as it is.
 */
export function SafeImage({
  src,
  alt,
  className,
  leading = false,
  sizes = '100vw',
  ...props
}: Omit<ComponentProps<'img'>, 'src' | 'srcSet'> & { src: string | null | undefined; alt: string; leading?: boolean }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : PLACEHOLDER_IMAGE;
  const image = useRef<HTMLImageElement>(null);
  // On a server-drawn page the browser may have given up on the image before React took over,
  // and React never hears of an error from before: a finished image without pixels failed. An
  // image far narrower than its srcset width also reads 0 wide, so its decoding has the last word.
  useEffect(() => {
    const element = image.current;
    if (element && usable !== PLACEHOLDER_IMAGE && element.complete && element.naturalWidth === 0) element.decode().catch(() => setFailedSrc(usable));
  }, [usable]);
  const img = (
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
  if (!UPLOAD_PATH.test(usable)) return img;
  return (
    // `contents`: the picture draws no box of its own, so the image keeps its place in the card's layout.
    <picture className="contents">
      {IMAGE_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} sizes={sizes} srcSet={IMAGE_WIDTHS.map((width) => `${usable}/${width}.${format} ${width}w`).join(', ')} />
      ))}
      {img}
    </picture>
  );
}
