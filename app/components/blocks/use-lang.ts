import { usePageContext } from "../page-providers";

/** The page language for formatting (dates, embeds); English outside a page. */
export function useLang(): string {
  return usePageContext()?.lang ?? "en";
}
