import { useEffect, useRef } from "react";
import { useSelector } from "@xstate/react";
import { imageFallbackMachine, type ImageKind } from "../../../machines/image-fallback.machine";
import { useTrackedActor } from "./use-tracked-actor";

// CONTRACT (machines issue implements with the fallback machine): an image that switches to
// `fallbackSrc` when loading fails (docs/requirements.md#4-behaviour, docs/requirements.md#8-failures), tracked as image_fallback_used.
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

/** The image with its fallback; `kind` says whether it is page content or the header logo. */
export function FallbackImageWithKind({ kind, ...props }: FallbackImageProps & { kind: ImageKind }) {
  const { src, fallbackSrc, alt, width, height, loading = "lazy", sizes, srcSet, className, priority } = props;
  const actor = useTrackedActor(imageFallbackMachine, { kind, hasFallback: Boolean(fallbackSrc) });
  const state = useSelector(actor, (s) => s.value);
  const ref = useRef<HTMLImageElement>(null);

  // The error may have fired before hydration, when React was not listening yet.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute("src")) actor.send({ type: "FAILED" });
  }, [actor]);

  const usingFallback = state !== "primary" && fallbackSrc;
  return (
    <img
      ref={ref}
      src={usingFallback ? fallbackSrc : src}
      // A srcset would keep choosing the broken candidates, so the fallback drops it.
      srcSet={usingFallback ? undefined : srcSet}
      sizes={usingFallback ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : loading}
      decoding="async"
      className={className}
      data-image-state={String(state)}
      // The box keeps its declared ratio in every state: Chrome drops the width/height ratio for a broken
      // image (it shrinks to its alt text) until the fallback arrives, which moved everything below it
      // (a jump link landed hundreds of px off while the swap happened mid-scroll).
      style={{ aspectRatio: `${width} / ${height}`, objectFit: "cover" }}
      onError={() => actor.send({ type: "FAILED" })}
      {...(priority ? { fetchpriority: "high" } : {})}
    />
  );
}

export function FallbackImage(props: FallbackImageProps) {
  return <FallbackImageWithKind kind="content_image" {...props} />;
}
