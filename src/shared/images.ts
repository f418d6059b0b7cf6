/**
 * The widths an upload is served at (/uploads/{id}/{width}.{format}), for `srcset`: a phone
 * takes the smallest that fills its screen. A variant is never wider than its image, which is
 * at most IMAGE_LONG_SIDE_MAX on its long side; a width above that answers the widest there is.
 */
export const IMAGE_WIDTHS = [400, 800, 1200, 1600] as const;
export const IMAGE_LONG_SIDE_MAX = 1600;
/** Served to browsers that take them, best first; others get /uploads/{id} (JPEG or PNG). */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** An image stored here (/uploads/{id}), which comes in widths; an outside address does not. */
export const UPLOAD_PATH = /^\/uploads\/[a-z2-7]{20,40}$/;
