// A content date, already in the page language: the server formats it (content/date-format.ts, through
// content/rich-text-view.server.ts), so the browser prints the same text without building an Intl
// formatter during hydration.

export function DateText({ value, text }: { value: string; text: string }) {
  return <time dateTime={value}>{text}</time>;
}
