import { localeFor, toSupportedLanguage } from "~/i18n/languages";
import { parseIsoDate } from "~/content/iso-date";
import type { DateFormat } from "./inline-props";
import { useLang } from "./use-lang";
import { dateTimeFormat } from "~/i18n/intl-cache";

// Localized dates: Intl.DateTimeFormat in the page language. Formatted in UTC so the server and every
// visitor's browser print the same day whatever their time zone.

const OPTIONS: Record<DateFormat, Intl.DateTimeFormatOptions> = {
  short: { dateStyle: "short" },
  medium: { dateStyle: "medium" },
  long: { dateStyle: "long" },
  full: { dateStyle: "full" },
  month: { month: "long", year: "numeric" },
};

export function formatContentDate(value: string, format: DateFormat, lang: string): string {
  const date = parseIsoDate(value);
  if (!date) return "";
  const withTime = value.includes("T") && format !== "month" ? { timeStyle: "short" as const } : {};
  return dateTimeFormat(localeFor(toSupportedLanguage(lang)), { ...OPTIONS[format], ...withTime, timeZone: "UTC" }).format(date);
}

export function DateText({ value, format }: { value: string; format: DateFormat }) {
  const lang = useLang();
  // ICU data can differ by a character between Node and the browser (e.g. the space before "PM");
  // the text is the same date either way, so a mismatch here is not worth a hydration error.
  return (
    <time dateTime={value} suppressHydrationWarning>
      {formatContentDate(value, format, lang)}
    </time>
  );
}
