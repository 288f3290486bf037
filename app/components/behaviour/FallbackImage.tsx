// CONTRACT (machines issue implements with the fallback machine): an image that switches to
// `fallbackSrc` when loading fails (spec §4/§8), tracked as image_fallback_used.
export interface FallbackImageProps {
  src: string;
  fallbackSrc?: string;
  alt: string;
  width: number;
  height: number;
  loading?: "lazy" | "eager";
  sizes?: string;
  srcSet?: string;
  className?: string;
  /** Hero images: fetched first. */
  priority?: boolean;
}

export function FallbackImage({ src, alt, width, height, loading = "lazy", sizes, srcSet, className }: FallbackImageProps) {
  return <img src={src} alt={alt} width={width} height={height} loading={loading} decoding="async" sizes={sizes} srcSet={srcSet} className={className} />;
}
