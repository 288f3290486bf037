// docs/requirements.md#5-rules, docs/requirements.md#9-constants image URLs. Images are served by an imgix-style image CDN that reads w, h, q, fit and crop
// from the query; local paths (starting with "/") are served from public/, where the query is harmless.
//  - quality defaults to 75;
//  - width, height and quality are each scaled by 1.2 in the URL (1.5 for high-quality images), so a
//    1.2x/1.5x sharper file backs the CSS size; quality is capped at 100;
//  - face crop is on by default;
//  - a URL containing the no-compression marker `no-compress` loses its query (served as is);
//  - GIFs pass unchanged (resizing would drop their animation).

const DEFAULT_IMAGE_QUALITY = 75;
const IMAGE_SCALE = 1.2;
const HIGH_QUALITY_SCALE = 1.5;
/** The no-compression marker: put it anywhere in the URL (path or query) to serve the file untouched. */
const NO_COMPRESSION_MARKER = "no-compress";

export interface ImageUrlOptions {
  width?: number;
  height?: number;
  quality?: number;
  highQuality?: boolean;
  faceCrop?: boolean;
}

export function isGif(url: string): boolean {
  return /\.gif$/i.test(url.split(/[?#]/)[0] ?? "");
}

function scaled(value: number, factor: number): number {
  return Math.round(value * factor);
}

export function imageUrl(url: string, options: ImageUrlOptions = {}): string {
  if (!url || isGif(url)) return url;
  const [withoutHash] = url.split("#");
  const [base = "", query = ""] = (withoutHash ?? "").split("?");
  if (url.includes(NO_COMPRESSION_MARKER)) return base;
  const factor = options.highQuality ? HIGH_QUALITY_SCALE : IMAGE_SCALE;
  const params = new URLSearchParams(query);
  params.set("auto", "format,compress");
  if (options.width && options.width > 0) params.set("w", String(scaled(options.width, factor)));
  if (options.height && options.height > 0) params.set("h", String(scaled(options.height, factor)));
  params.set("q", String(Math.min(100, scaled(options.quality ?? DEFAULT_IMAGE_QUALITY, factor))));
  if (options.faceCrop ?? true) {
    params.set("fit", "crop");
    params.set("crop", "faces");
  }
  return `${base}?${params.toString()}`;
}

/** CSS widths offered as srcset candidates below an image's own width (phones, tablets, desktops). */
const SRCSET_WIDTHS = [360, 480, 640, 828, 1080, 1280] as const;

/**
 * A srcset for `imageUrl`: the same rule (each file 1.2× or 1.5× its CSS width, same quality and crop)
 * at smaller CSS widths, each candidate described by the pixel width it asks the CDN for. Without it a
 * phone downloaded the desktop file: a 1600 px hero was fetched at w=2400 q=100 for a 367 px slot.
 * Undefined where the file is served as is (GIFs, the no-compression marker) or the width is unknown.
 */
export function imageSrcSet(url: string, options: ImageUrlOptions = {}): string | undefined {
  const { width, height } = options;
  if (!url || isGif(url) || url.includes(NO_COMPRESSION_MARKER) || !width || width <= 0) return undefined;
  const factor = options.highQuality ? HIGH_QUALITY_SCALE : IMAGE_SCALE;
  const cssWidths = [...SRCSET_WIDTHS.filter((candidate) => candidate < width), width];
  return cssWidths
    .map((cssWidth) => {
      const candidateHeight = height && height > 0 ? Math.round((height * cssWidth) / width) : undefined;
      return `${imageUrl(url, { ...options, width: cssWidth, height: candidateHeight })} ${scaled(cssWidth, factor)}w`;
    })
    .join(", ");
}

/**
 * An image source from content: a site path ("/media/…", served from public/) or an http(s) URL.
 * Anything else (javascript:, data:, protocol-relative "//host") is refused with null.
 */
export function toAssetUrl(raw: string | null | undefined): string | null {
  const url = (raw ?? "").replace(/[\u0000-\u001F\u007F\s]+/g, "");
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return url;
  return /^https?:\/\/[^/\\]/i.test(url) ? url : null;
}
