/**
 * The shop's dates as people in India read them (docs/decisions/0065-one-of-each.md): en-IN, India
 * time whatever the viewer's or the server's zone, short month, 24-hour clock ("3 Jan 2026, 00:05",
 * never "24:05": the hour cycle is h23, not the hour12: false that some ICU builds print as 24).
 * One module for the storefront, the portal and the mails; a malformed date is "".
 */

const INDIA = "Asia/Kolkata";
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let dayFormat: Intl.DateTimeFormat | undefined;
let monthFormat: Intl.DateTimeFormat | undefined;
let dayDateFormat: Intl.DateTimeFormat | undefined;

function toDate(value: string | Date): Date | null {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "3 Jan 2026": the day in India. */
export function indiaDate(value: string | Date): string {
  const date = toDate(value);
  if (!date) return "";
  dateFormat ??= new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: INDIA,
  });
  return dateFormat.format(date);
}

/** "3 Jan 2026, 00:05": the day and the 24-hour time in India. */
export function indiaDateTime(value: string | Date): string {
  const date = toDate(value);
  if (!date) return "";
  dateTimeFormat ??= new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: INDIA,
  });
  return dateTimeFormat.format(date);
}

/**
 * A calendar day ("2026-04-02", already a day in India, as the reports count them) read at midnight
 * UTC, so no zone can move it to the day before; null for anything else.
 */
function calendarDay(day: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? toDate(`${day}T00:00:00Z`) : null;
}

/** "2 Apr": a calendar day ("2026-04-02") without its year, for a chart's or a table's point. */
export function dayLabel(day: string): string {
  const date = calendarDay(day);
  if (!date) return "";
  dayFormat ??= new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  return dayFormat.format(date);
}

/**
 * "2 Apr 2026": a calendar day ("2026-04-02", a day in India such as a "needed by" or a promised
 * dispatch day) written as indiaDate writes an instant.
 */
export function dayDate(day: string): string {
  const date = calendarDay(day);
  if (!date) return "";
  dayDateFormat ??= new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  return dayDateFormat.format(date);
}

/** "Apr 26": the month of a calendar day ("2026-04-01") with a two-digit year. */
export function monthLabel(day: string): string {
  const date = calendarDay(day);
  if (!date) return "";
  monthFormat ??= new Intl.DateTimeFormat("en-IN", {
    month: "short",
    year: "2-digit",
    timeZone: "UTC",
  });
  return monthFormat.format(date);
}

/**
 * India's offset from UTC: +05:30 all year (no daylight saving), so India's wall clock is plain
 * arithmetic on an instant. The functions below are that arithmetic, in one place; they work on
 * the machine-readable forms ("2026-04-02", "2026-04-02T00:30") that inputs, queries and the
 * server's day counting use, not on text for people (that is indiaDate and indiaDateTime).
 */
export const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * "2026-04-02T00:30:00.000": an instant's wall-clock time in India, ISO-shaped without a zone.
 * An invalid Date throws, as toISOString does.
 */
export function indiaClock(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 23);
}

/** "2026-04-02": the day in India an instant falls on. */
export function indiaDay(at: Date): string {
  return indiaClock(at).slice(0, 10);
}

/**
 * The instant India's wall clock reads "2026-04-02T00:30" (seconds optional): an invalid Date
 * when the text cannot be read. Like Date itself, a day past the month's end rolls over
 * ("2026-02-30" is 2 March); a caller that must refuse it compares indiaDay of the answer.
 */
export function fromIndiaClock(text: string): Date {
  return new Date(`${text}+05:30`);
}

/** The instant a day in India ("2026-04-02") starts: 18:30 UTC the day before. */
export function indiaDayStart(day: string): Date {
  return fromIndiaClock(`${day}T00:00:00`);
}

/**
 * "2026-01-03 00:05:09": an instant as India's clock to the second, sortable and read by every
 * spreadsheet (the CSV exports write the same text in SQL); "" for nothing or a malformed date.
 */
export function indiaStamp(at: Date | string | null | undefined): string {
  const date = at ? toDate(at) : null;
  return date ? indiaClock(date).slice(0, 19).replace("T", " ") : "";
}

/**
 * Whether text is a real calendar day written "2026-04-02": "2026-02-30" and "2026-4-2" are not
 * (where indiaDayStart and Date roll the first over into March).
 */
export function isCalendarDay(text: string): boolean {
  const date = calendarDay(text);
  return date !== null && date.toISOString().slice(0, 10) === text;
}

/** A day in milliseconds: 24 hours, for instants (India has no daylight saving). */
export const DAY_MS = 86_400_000;

/**
 * Calendar arithmetic on days ("2026-04-30" + 1 is "2026-05-01"): a day is a day wherever it is
 * counted, so these read it at midnight UTC. A malformed day throws, as toISOString does.
 */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant `days` whole days (of 24 hours) after `from`. */
export function addDaysTo(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/** A calendar day's weekday: 0 = Sunday ... 6 = Saturday. */
export function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The Monday of the week a calendar day falls in. */
export function mondayOf(day: string): string {
  return addDays(day, -((weekday(day) + 6) % 7));
}

/** India's financial year (April-March) a calendar day falls in, as "25-26". */
export function financialYear(day: string): string {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const first = m >= 4 ? y : y - 1;
  const two = (n: number) => String(n % 100).padStart(2, "0");
  return `${two(first)}-${two(first + 1)}`;
}
