import type { DateFormat } from "~/content/inline-props";
import { parseIsoDate } from "~/content/iso-date";
import { dateTimeFormat } from "./intl-cache";
import { localeFor, type SupportedLanguageCode } from "./languages";

// A content date ({date value=… format=…}) in the page language, formatted on the server when the rich
// text is converted (content/rich-text-view.server.ts). Formatted in UTC so the day never moves with
// the server's time zone.

const OPTIONS: Record<DateFormat, Intl.DateTimeFormatOptions> = {
  short: { dateStyle: "short" },
  medium: { dateStyle: "medium" },
  long: { dateStyle: "long" },
  full: { dateStyle: "full" },
  month: { month: "long", year: "numeric" },
};

export function formatContentDate(value: string, format: DateFormat, lang: SupportedLanguageCode): string {
  const date = parseIsoDate(value);
  if (!date) return "";
  const withTime = value.includes("T") && format !== "month" ? { timeStyle: "short" as const } : {};
  return dateTimeFormat(localeFor(lang), { ...OPTIONS[format], ...withTime, timeZone: "UTC" }).format(date);
}
