import { imageSrcSet, imageUrl, toAssetUrl } from "~/content/image-url";
import { styled } from "../../../tokens/stitches.config";
import { FallbackImage } from "../behaviour/FallbackImage";

// Images from content: the URL builder (docs/requirements.md#5-rules, docs/requirements.md#9-constants), width and height on the element so the box is
// reserved before the file arrives, lazy below the fold, and the fallback URL when loading fails
// (FallbackImage, docs/requirements.md#4-behaviour, docs/requirements.md#8-failures).

const Figure = styled("figure", {
  margin: 0,
  my: "$16",
  // The declared width (the width attribute), never wider than the column; with the declared ratio
  // that keeps the box before the file arrives and while a broken file swaps to its fallback. Not
  // `width: auto`: that is the file's own width, 0 px until it loads, and a jump link measured the page
  // with the map collapsed and landed 641 px short.
  img: { display: "block", maxWidth: "100%", height: "auto", borderRadius: "$12", backgroundColor: "$grey100" },
  figcaption: { marginTop: "$8", fontSize: "$14", color: "$textSubtle" },
});

const Inline = styled("span", {
  display: "block",
  my: "$16",
  maxWidth: "100%",
  img: { display: "block", maxWidth: "100%", height: "auto", borderRadius: "$8", backgroundColor: "$grey100" },
});

/** The content column's width as `sizes`: 100vw minus 5.46vw a side (89.08vw), at most 1200 px. */
const CONTENT_COLUMN_SIZES = "(min-width: 1348px) 1200px, 89.08vw";

export interface ContentImageProps {
  src: string;
  fallbackSrc?: string;
  alt: string;
  width: number;
  height: number;
  highQuality?: boolean;
  faceCrop?: boolean;
  caption?: string;
  /** Hero images load first; everything else lazily. */
  priority?: boolean;
  inline?: boolean;
}

export function ContentImage({ src, fallbackSrc, alt, width, height, highQuality, faceCrop, caption, priority, inline }: ContentImageProps) {
  const safe = toAssetUrl(src);
  if (!safe) return null;
  const fallback = toAssetUrl(fallbackSrc) ?? undefined;
  const urlOptions = { width, height, highQuality, faceCrop };
  const img = (
    <FallbackImage
      src={imageUrl(safe, urlOptions)}
      // Block and hero images fill the content column (100vw minus 5.46vw a side, at most 1200 px);
      // inline images sit in text at their own size, so they keep the single file.
      srcSet={inline ? undefined : imageSrcSet(safe, urlOptions)}
      sizes={inline ? undefined : CONTENT_COLUMN_SIZES}
      fallbackSrc={fallback}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      priority={priority}
    />
  );
  if (inline) return <Inline data-inline-image="">{img}</Inline>;
  return (
    <Figure>
      {img}
      {caption ? <figcaption>{caption}</figcaption> : null}
    </Figure>
  );
}
