/**
 * A report's period (docs/decisions/0090-reports-read-model.md): whole days in India time, `from`
 * and `to` inclusive as `YYYY-MM-DD`, with the presets the Reports screen offers (this month, last
 * month, this financial year: April-March). Pure, for the browser and the server alike. India has
 * no daylight saving, so a day starts at 00:00 +05:30 all year.
 */

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

/** India's offset from UTC in milliseconds (+05:30). */
export const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
/** The longest period a report covers: five years (a day per point would be too many to draw). */
export const MAX_RANGE_DAYS = 5 * 366;
/** Per-day points stop here; a longer period is asked per week or month. */
export const MAX_DAY_POINTS = 400;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-04-01` -> the UTC instant of 00:00 India time that day; null when not a real date. */
export function dayStart(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(y, m - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    return null;
  return new Date(utc - IST_OFFSET_MS);
}

/** The India day (`YYYY-MM-DD`) an instant falls on. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** `2026-04-30` + n days. */
export function addDays(day: string, days: number): string {
  const start = dayStart(day);
  if (!start) return day;
  return indiaDay(new Date(start.getTime() + days * DAY_MS));
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

/** The financial year (`25-26`) an India day falls in: April to March. */
export function financialYearOf(day: string): string {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const first = m >= 4 ? y : y - 1;
  const two = (n: number) => String(n % 100).padStart(2, "0");
  return `${two(first)}-${two(first + 1)}`;
}

/** A preset's days, as seen on `now` in India. */
export function presetRange(preset: Preset, now: Date = new Date()): DayRange {
  const today = indiaDay(now);
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const pad = (n: number) => String(n).padStart(2, "0");
  if (preset === "this-month") return { from: `${y}-${pad(m)}-01`, to: today };
  if (preset === "last-month") {
    const [ly, lm] = m === 1 ? [y - 1, 12] : [y, m - 1];
    return { from: `${ly}-${pad(lm)}-01`, to: addDays(`${y}-${pad(m)}-01`, -1) };
  }
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
  const start = dayStart(day);
  if (!start) return day;
  const weekday = new Date(start.getTime() + IST_OFFSET_MS).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
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
