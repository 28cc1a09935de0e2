export type ContentImageData = { src: string; srcSet: string; sizes: string; width: number; height: number; alt: string };

/**
 * An image from content with its width and height set (nothing shifts while it loads). `priority`: the
 * page's main picture, near the top — fetched first; anything else waits until it is scrolled near.
 */
export function ContentImage({ image, priority = false, className }: { image: ContentImageData; priority?: boolean; className?: string }) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet || undefined}
      sizes={image.srcSet ? image.sizes : undefined}
      width={image.width}
      height={image.height}
      alt={image.alt}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      // React 18 passes unknown lower-case attributes through as they are.
      {...(priority ? { fetchpriority: "high" } : {})}
    />
  );
}
