import { dateTimeFormat } from "~/i18n/intl-cache";
import { localeFor, type SupportedLanguageCode } from "~/i18n/languages";
import type { DateFormat } from "./inline-props";
import { parseIsoDate } from "./iso-date";

// A content date ({date value=… format=…}) in the page language, formatted on the server when the rich
// text is converted (rich-text-view.server.ts). Formatted in UTC so the day never moves with
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
