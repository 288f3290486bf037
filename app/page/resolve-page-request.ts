import { isKnownLanguage } from "~/i18n/languages";
import { isValidUid, joinUid, MAX_UID_LENGTH } from "~/content/page-url";

// Turns a request URL and Host into "which page". Both forms are always understood:
//   query form:  /?uid=www.site.example.shows.x&lang=fr   (development and test URL modes)
//   path form:   Host: www.site.example  /fr/shows/x/      (production URL mode)
// Malformed input is a 400 or a 404, never an exception.

export type PageRequest =
  | { kind: "page"; uid: string; requestedLang: string | null; form: "query" | "path" }
  | { kind: "directory" } // `/` in development URL mode: the loader redirects to the directory's route
  | { kind: "not-found"; uid: string | null; host: string | null }
  | { kind: "bad-request"; reason: string };

const MAX_PATH_LENGTH = 1024;
const SEGMENT = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export interface ResolveInput {
  url: URL;
  /** Host header, port allowed. */
  host: string;
  isSiteHost: (host: string) => boolean;
  urlMode: "development" | "test" | "production";
}

export function resolvePageRequest({ url, host, isSiteHost, urlMode }: ResolveInput): PageRequest {
  const hostname = host.toLowerCase().replace(/:\d+$/, "");
  const params = url.searchParams;
  const rawLang = params.get("lang");
  if (rawLang !== null && rawLang.length > 16) return { kind: "bad-request", reason: "lang is too long" };

  if (params.has("uid")) {
    const uid = (params.get("uid") ?? "").trim().toLowerCase();
    if (uid.length > MAX_UID_LENGTH) return { kind: "bad-request", reason: "uid is too long" };
    if (!isValidUid(uid)) return { kind: "not-found", uid: null, host: null };
    return { kind: "page", uid, requestedLang: rawLang, form: "query" };
  }

  if (url.pathname.length > MAX_PATH_LENGTH) return { kind: "bad-request", reason: "path is too long" };

  if (isSiteHost(hostname)) {
    let segments: string[];
    try {
      segments = url.pathname
        .split("/")
        .filter(Boolean)
        .map((s) => decodeURIComponent(s).toLowerCase());
    } catch {
      return { kind: "not-found", uid: null, host: hostname };
    }
    let lang: string | null = rawLang;
    if (isKnownLanguage(segments[0])) lang = segments.shift() ?? null;
    if (!segments.every((s) => SEGMENT.test(s))) return { kind: "not-found", uid: null, host: hostname };
    const uid = joinUid(hostname, segments);
    if (uid.length > MAX_UID_LENGTH) return { kind: "bad-request", reason: "path is too long" };
    return { kind: "page", uid, requestedLang: lang, form: "path" };
  }

  if (url.pathname === "/" && urlMode === "development") return { kind: "directory" };
  return { kind: "not-found", uid: null, host: null };
}
