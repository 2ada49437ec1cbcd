/**
 * A card's picture: its box reserved by width and height (nothing moves when it arrives), fetched
 * lazily and decoded off the main thread. It exists only inside an open panel, so no panel picture
 * is fetched on the page's first paint. `alt` is empty when the link around it already says the
 * name in text (the picture is decorative there).
 */
export function PanelImage({
  src,
  width,
  height,
  alt = '',
  className,
}: {
  src: string
  width: number
  height: number
  alt?: string
  className?: string | undefined
}) {
  return (
    <img
      className={className}
      src={src}
      width={width}
      height={height}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  )
}
