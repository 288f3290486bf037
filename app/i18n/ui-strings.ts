import type en from "./locales/en.json";

// The storefront's own interface words: one JSON file per language in app/i18n/locales/, English the
// reference. Content comes from editors; these are the words around it. Types only: the loader hands the
// page its language's words (ui-strings.server.ts), so the browser ships no dictionaries.

export type UiStringKey = keyof typeof en;
/** One language's complete dictionary, as the server hands it to the page. */
export type UiStrings = Record<UiStringKey, string>;
