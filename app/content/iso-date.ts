// Content dates: what an editor may write in {date value=…}, read the same way on the server (checking
// the attribute) and in the browser (formatting it).

const ISO_DATE = /^(\d{4})-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2}))?)?$/;

/** 2026-12-24, 2026-12 or 2026-12-24T19:30, checked for a real calendar date. */
export function parseIsoDate(value: string | undefined): Date | null {
  const match = value ? ISO_DATE.exec(value.trim()) : null;
  if (!match) return null;
  const [, y, m, d = "01", hh = "00", mm = "00"] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm)));
  const valid =
    date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) && Number(hh) < 24 && Number(mm) < 60;
  return valid ? date : null;
}
