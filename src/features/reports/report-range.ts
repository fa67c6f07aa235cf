/**
 * A report's period (docs/decisions/0090-reports-read-model.md): whole days in India time, `from`
 * and `to` inclusive as `YYYY-MM-DD`, with the presets the Reports screen offers (this month, last
 * month, this financial year: April-March). Pure, for the browser and the server alike. India's
 * days and the calendar arithmetic on them are src/lib/dates.ts's.
 */
import { DAY_MS, addDays, indiaDay, indiaDayStart, isCalendarDay, mondayOf } from "~/lib/dates";

export type Preset = "this-month" | "last-month" | "this-fy";
export type Bucket = "day" | "week" | "month";

export const PRESETS: ReadonlyArray<{ value: Preset; label: string }> = [
  { value: "this-month", label: "This month" },
  { value: "last-month", label: "Last month" },
  { value: "this-fy", label: "This financial year" },
];

export const BUCKETS: ReadonlyArray<{ value: Bucket; label: string }> = [
  { value: "day", label: "Per day" },
  { value: "week", label: "Per week" },
  { value: "month", label: "Per month" },
];

export interface DayRange {
  /** `2026-04-01`, inclusive. */
  from: string;
  /** `2026-04-30`, inclusive. */
  to: string;
}

/** The longest period a report covers: five years (a day per point would be too many to draw). */
export const MAX_RANGE_DAYS = 5 * 366;
/** Per-day points stop here; a longer period is asked per week or month. */
export const MAX_DAY_POINTS = 400;

/** `2026-04-01` -> the UTC instant of 00:00 India time that day; null when not a real date. */
export function dayStart(day: string): Date | null {
  return isCalendarDay(day) ? indiaDayStart(day) : null;
}

/** The UTC instants the period covers: [start, end). */
export function rangeInstants(range: DayRange): { start: Date; end: Date } {
  const start = dayStart(range.from);
  const last = dayStart(range.to);
  if (!start || !last) throw new Error(`Not a period: ${range.from}..${range.to}`);
  return { start, end: new Date(last.getTime() + DAY_MS) };
}

/** Days in the period, both ends counted. */
export function rangeDays(range: DayRange): number {
  const { start, end } = rangeInstants(range);
  return Math.round((end.getTime() - start.getTime()) / DAY_MS);
}

/** A preset's days, as seen on `now` in India. */
export function presetRange(preset: Preset, now: Date = new Date()): DayRange {
  const today = indiaDay(now);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  if (preset === "this-month") return { from: firstOfMonth, to: today };
  if (preset === "last-month") {
    const lastMonthEnd = addDays(firstOfMonth, -1);
    return { from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd };
  }
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return { from: `${m >= 4 ? y : y - 1}-04-01`, to: today };
}

/**
 * Why a period cannot be reported, as a sentence a person can act on; null when it can.
 * `by` adds the per-day limit.
 */
export function rangeProblem(range: DayRange, by?: Bucket): string | null {
  if (!dayStart(range.from)) return "from must be a date written as YYYY-MM-DD";
  if (!dayStart(range.to)) return "to must be a date written as YYYY-MM-DD";
  if (range.to < range.from) return "to must not be before from";
  const days = rangeDays(range);
  if (days > MAX_RANGE_DAYS) return "The period can be at most five years long";
  if (by === "day" && days > MAX_DAY_POINTS)
    return `Per day shows at most ${MAX_DAY_POINTS} days; choose per week or per month`;
  return null;
}

/** The first day of the bucket a day falls in: itself, its Monday, or the 1st of its month. */
export function bucketOf(day: string, by: Bucket): string {
  if (by === "day") return day;
  if (by === "month") return `${day.slice(0, 7)}-01`;
  return isCalendarDay(day) ? mondayOf(day) : day;
}

/** Every bucket's first day from the period's first bucket to its last, so a quiet day shows as 0. */
export function bucketsOf(range: DayRange, by: Bucket): string[] {
  const out: string[] = [];
  let at = bucketOf(range.from, by);
  const last = bucketOf(range.to, by);
  while (at <= last) {
    out.push(at);
    if (by === "day") at = addDays(at, 1);
    else if (by === "week") at = addDays(at, 7);
    else {
      const [y, m] = [Number(at.slice(0, 4)), Number(at.slice(5, 7))];
      at = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
    }
  }
  return out;
}

/** The points a period is drawn in when none is asked: days up to two months, then weeks, then months. */
export function defaultBucket(range: DayRange): Bucket {
  const days = rangeDays(range);
  return days <= 62 ? "day" : days <= MAX_DAY_POINTS ? "week" : "month";
}
