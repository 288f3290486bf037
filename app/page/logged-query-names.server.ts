import { ATTRIBUTION_KEYS } from "../../tracking/attribution";
import { PAGE_QUERY_PARAMS } from "./page-query";

/**
 * Every query parameter name the storefront reads, in the server or in the browser: the page's own, Remix's
 * (`_data`, `index`), the attribution keys, the campaign parameters and the inspector's flag. An access line
 * writes these names (never their values) and counts the others, which a visitor chose and may have written
 * anything in (docs/operations.md#logs).
 */
export const LOGGED_QUERY_NAMES: readonly string[] = [
  ...PAGE_QUERY_PARAMS,
  "_data",
  "index",
  ...ATTRIBUTION_KEYS,
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "inspect",
];
