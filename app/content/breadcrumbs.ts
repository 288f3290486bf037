import { DEFAULT_LANGUAGE, type SupportedLanguageCode } from "~/i18n/languages";
import type { ContentStore } from "./content-store.server";
import { joinUid, splitUid } from "./page-url";

// A page's trail from its site's root (docs/search.md): the root, then each page above it that exists (a folder
// without a page of its own is skipped, so no step leads to a 404), then the page. A step that has no version in the
// page's language leads to its English one, as its link would.

export interface Crumb {
  uid: string;
  lang: SupportedLanguageCode;
  name: string;
}

export function breadcrumbTrail(store: Pick<ContentStore, "hosts" | "getPage" | "siteByHost">, uid: string, lang: SupportedLanguageCode): Crumb[] {
  const { host, segments } = splitUid(uid, store.hosts);
  const trail: Crumb[] = [];
  for (let depth = 0; depth <= segments.length; depth++) {
    const stepUid = joinUid(host, segments.slice(0, depth));
    const inLang = store.getPage(stepUid, lang);
    const page = inLang ?? store.getPage(stepUid, DEFAULT_LANGUAGE);
    if (!page) continue;
    // The root is named for the site, as its logo link is; every other step by its heading.
    const name = depth === 0 ? (store.siteByHost(host)?.name ?? page.doc.heading) : page.doc.heading;
    trail.push({ uid: stepUid, lang: inLang ? lang : DEFAULT_LANGUAGE, name });
  }
  return trail;
}
