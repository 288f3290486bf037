import type { SupportedLanguageCode } from "~/i18n/languages";

// docs/requirements.md#5-rules, docs/requirements.md#7-upstream-calls: embeds come from a music service and a video service (plus maps). Only hosts on the
// allow-list are ever framed; it matches the CSP's frame-src (app/server/security-headers.server.ts),
// so anything we render is also something the browser will load. YouTube URLs become the tracked
// player; other allowed embeds are lazy iframes; Google Maps embeds get the page language.

const YOUTUBE_HOSTS = new Set(["www.youtube.com", "youtube.com", "m.youtube.com", "youtu.be", "www.youtube-nocookie.com", "youtube-nocookie.com"]);
const SPOTIFY_HOSTS = new Set(["open.spotify.com"]);
const MAPS_HOSTS = new Set(["www.google.com", "maps.google.com"]);

/** Every host an embed may come from (YouTube ones only through the tracked player). */
export const EMBED_HOSTS: ReadonlySet<string> = new Set([...YOUTUBE_HOSTS, ...SPOTIFY_HOSTS, ...MAPS_HOSTS]);

type EmbedProvider = "spotify" | "maps";

export type Embed = { kind: "youtube"; videoId: string } | { kind: "iframe"; provider: EmbedProvider; src: string } | { kind: "blocked"; reason: string };

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** Parses an https URL after stripping the control characters and spaces browsers ignore. */
function parseHttpsUrl(raw: string): URL | null {
  const cleaned = raw.replace(/[\u0000-\u001F\u007F\s]+/g, "");
  try {
    const url = new URL(cleaned);
    // Embeds load inside our https pages; plain http would be mixed content. Credentials never.
    if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
    return url;
  } catch {
    return null;
  }
}

/** The video id of a YouTube URL: watch?v=, youtu.be/, /embed/, youtube-nocookie; otherwise null. */
export function youTubeVideoId(raw: string): string | null {
  const url = parseHttpsUrl(raw);
  if (!url || !YOUTUBE_HOSTS.has(url.hostname)) return null;
  let id: string | null = null;
  if (url.hostname === "youtu.be") id = url.pathname.split("/")[1] ?? null;
  else if (url.pathname === "/watch") id = url.searchParams.get("v");
  else {
    const match = /^\/(?:embed|shorts|live)\/([^/]+)\/?$/.exec(url.pathname);
    id = match?.[1] ?? null;
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

const SPOTIFY_TYPES = new Set(["track", "album", "playlist", "episode", "show", "artist"]);

/** open.spotify.com/{type}/{id} (optionally already /embed/…, with an intl-xx segment) → the embed URL. */
export function spotifyEmbedUrl(raw: string): string | null {
  const url = parseHttpsUrl(raw);
  if (!url || !SPOTIFY_HOSTS.has(url.hostname)) return null;
  const segments = url.pathname
    .split("/")
    .filter(Boolean)
    .filter((s) => s !== "embed" && !/^intl-[a-z]{2}$/i.test(s));
  const [type, id] = segments;
  if (segments.length !== 2 || !type || !id || !SPOTIFY_TYPES.has(type) || !/^[A-Za-z0-9]{10,40}$/.test(id)) return null;
  return `https://open.spotify.com/embed/${type}/${id}`;
}

/** Maps' embed paths: the embed API (`/maps/embed…`), and the classic `/maps?…&output=embed`. */
function isMapsEmbedPath(path: string, url: URL): boolean {
  if (path === "/maps/embed" || path.startsWith("/maps/embed/")) return true;
  // Only on /maps: elsewhere on www.google.com (/url, /search) output=embed frames any page.
  return path === "/maps" && url.searchParams.get("output") === "embed";
}

/**
 * docs/requirements.md#5-rules: a Maps embed gets the page language in place of its own: the `hl` and `language` query
 * parameters, the languages inside the `pb` parameter (`!1s{lang}!2s{region}` after `!3m2`, and again
 * after `!5m2` in current embed codes), and an `/intl/{lang}/` path segment. Returns null when the URL
 * is not a Google Maps embed.
 */
export function localizeMapsUrl(raw: string, language: SupportedLanguageCode): string | null {
  const url = parseHttpsUrl(raw);
  if (!url || !MAPS_HOSTS.has(url.hostname)) return null;
  url.pathname = url.pathname.replace(/^\/intl\/[a-z]{2}(?:[-_][a-zA-Z]{2})?\//, `/intl/${language}/`);
  const path = url.pathname.replace(/^\/intl\/[a-z]{2}\//, "/");
  if (!isMapsEmbedPath(path, url)) return null;
  const pb = url.searchParams.get("pb");
  if (pb) url.searchParams.set("pb", pb.replace(/!([35])m2!1s[a-zA-Z]{2,3}(?:[-_][a-zA-Z]{2})?!2s/g, `!$1m2!1s${language}!2s`));
  if (url.searchParams.has("language")) url.searchParams.set("language", language);
  url.searchParams.set("hl", language);
  return url.toString();
}

/** Decides what an embed URL becomes. Anything off the allow-list is blocked (rendered as nothing). */
export function classifyEmbed(raw: string, lang: SupportedLanguageCode): Embed {
  const url = parseHttpsUrl(raw);
  if (!url) return { kind: "blocked", reason: "not an https URL" };
  if (!EMBED_HOSTS.has(url.hostname)) return { kind: "blocked", reason: `host ${url.hostname} is not allowed` };
  if (YOUTUBE_HOSTS.has(url.hostname)) {
    const videoId = youTubeVideoId(raw);
    return videoId ? { kind: "youtube", videoId } : { kind: "blocked", reason: "not a YouTube video URL" };
  }
  if (SPOTIFY_HOSTS.has(url.hostname)) {
    const src = spotifyEmbedUrl(raw);
    return src ? { kind: "iframe", provider: "spotify", src } : { kind: "blocked", reason: "not a Spotify item URL" };
  }
  const maps = localizeMapsUrl(raw, lang);
  return maps ? { kind: "iframe", provider: "maps", src: maps } : { kind: "blocked", reason: "not a Google Maps embed" };
}
