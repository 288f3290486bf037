// docs/requirements.md#3-data: the 21 icon types editors can use in {icon type=…}.
// prettier-ignore
export const ICON_TYPES = [
  "Timings", "Duration", "Train", "Bus", "Car", "Plane", "Ship", "Snow", "Location", "Address", "Ticket",
  "Drizzle", "Rain", "Weather", "Season", "Sun", "Map", "Calendar", "Distance", "Cross", "Check",
] as const;
export type IconType = (typeof ICON_TYPES)[number];

const byLowerCase = new Map<string, IconType>(ICON_TYPES.map((type) => [type.toLowerCase(), type]));

/** Editors write {icon type=timings} or {icon type=Timings}; anything else is not an icon. */
export function toIconType(value: string | undefined): IconType | null {
  return value ? (byLowerCase.get(value.trim().toLowerCase()) ?? null) : null;
}
