/**
 * Dispatch promises from the studio's real capacity (docs/decisions/0122-capacity-and-needed-by.md),
 * without I/O: the studio's week (pieces or hours, working days, holidays), the day the queue of
 * paid, not yet dispatched work reaches a new order, the promise that follows, and the queue week by
 * week for the owner. Days are India days ("YYYY-MM-DD", IST has no daylight saving).
 */
import {
  DAY_MS,
  addDays,
  indiaDayStart as dayStart,
  indiaDay,
  mondayOf,
  weekday,
} from "~/lib/dates";

export interface StudioSettings {
  /** What the weekly capacity counts. */
  unit: "pieces" | "hours";
  /** Pieces, or hours, the studio makes in a full week. */
  perWeek: number;
  /** Hours one piece takes (used when the unit is hours). */
  hoursPerPiece: number;
  /** Working days, 0 = Sunday ... 6 = Saturday. */
  workDays: number[];
  /** Days the studio is closed ("YYYY-MM-DD"). */
  holidays: string[];
  /** Where customers send their own materials (a varmala's flowers), shown to buyers only (decision 0210). */
  receivingAddress: string;
}

export const STUDIO_DEFAULTS: StudioSettings = {
  unit: "pieces",
  perWeek: 30,
  hoursPerPiece: 4,
  workDays: [1, 2, 3, 4, 5, 6],
  holidays: [],
  receivingAddress: "",
};

/** Pieces in a full week. */
export function piecesPerWeek(s: StudioSettings): number {
  return s.unit === "pieces" ? s.perWeek : s.perWeek / s.hoursPerPiece;
}

/** Pieces the studio makes on one day: its share of the week, none on a day off or a holiday. */
export function dayCapacity(
  s: StudioSettings,
  day: string,
  holidays = new Set(s.holidays),
): number {
  if (s.workDays.length === 0 || !s.workDays.includes(weekday(day)) || holidays.has(day)) return 0;
  return piecesPerWeek(s) / s.workDays.length;
}

/** How far ahead the arithmetic looks before it gives up (a studio closed for good). */
export const HORIZON_DAYS = 730;
const EPSILON = 1e-9;

/**
 * The India day on which `pieces` more pieces are done after the `ahead` pieces already queued,
 * starting on `from`'s day (its whole capacity counts: the day's work is planned in the morning).
 * null when the studio has no capacity within HORIZON_DAYS.
 */
export function queueDoneDay(
  s: StudioSettings,
  ahead: number,
  pieces: number,
  from: Date,
): string | null {
  const holidays = new Set(s.holidays);
  const need = ahead + pieces;
  let made = 0;
  let day = indiaDay(from);
  for (let i = 0; i < HORIZON_DAYS; i++, day = addDays(day, 1)) {
    made += dayCapacity(s, day, holidays);
    if (made + EPSILON >= need) return day;
  }
  return null;
}

export interface DispatchPromise {
  /** When the order is promised for dispatch. */
  at: Date;
  /** The processing window's end: from + dispatchDays. */
  window: Date;
  /** The day the queue reaches the order (done), or null without capacity. */
  queueDay: string | null;
  /** Which of the two decided. */
  by: "window" | "queue";
}

/**
 * A new order's promise: the later of its processing window (from + dispatchDays) and the end of
 * the day the queue reaches it (docs/decisions/0122).
 */
export function promiseFor(
  s: StudioSettings,
  input: { ahead: number; pieces: number; dispatchDays: number; from: Date },
): DispatchPromise {
  const window = new Date(input.from.getTime() + input.dispatchDays * DAY_MS);
  const queueDay = queueDoneDay(s, input.ahead, input.pieces, input.from);
  const queueAt = queueDay
    ? new Date(dayStart(queueDay).getTime() + DAY_MS - 60_000)
    : new Date(input.from.getTime() + HORIZON_DAYS * DAY_MS);
  return queueAt.getTime() > window.getTime()
    ? { at: queueAt, window, queueDay, by: "queue" }
    : { at: window, window, queueDay, by: "window" };
}

export interface QueuedOrder {
  id: string;
  pieces: number;
}

export interface QueueWeek {
  /** Monday of the week. */
  week: string;
  /** Pieces the studio can make that week (holidays and a part week left out). */
  capacity: number;
  /** Pieces of the queue planned that week. */
  planned: number;
  /** Orders with work that week, and how many of their pieces. */
  orders: { id: string; pieces: number }[];
  full: boolean;
}

/** The queue week by week from `from`'s day, in order (for the owner's view). */
export function queueWeeks(
  s: StudioSettings,
  queue: readonly QueuedOrder[],
  from: Date,
  weeks: number,
): QueueWeek[] {
  const holidays = new Set(s.holidays);
  const out: QueueWeek[] = [];
  let index = 0;
  let left = queue[0]?.pieces ?? 0;
  let day = indiaDay(from);
  const last = addDays(mondayOf(day), weeks * 7);
  for (; day < last; day = addDays(day, 1)) {
    const week = mondayOf(day);
    let current = out.at(-1);
    if (current?.week !== week) {
      current = { week, capacity: 0, planned: 0, orders: [], full: false };
      out.push(current);
    }
    let room = dayCapacity(s, day, holidays);
    current.capacity += room;
    while (room > EPSILON && index < queue.length) {
      const take = Math.min(room, left);
      room -= take;
      left -= take;
      current.planned += take;
      const id = queue[index]!.id;
      const entry = current.orders.find((o) => o.id === id);
      if (entry) entry.pieces += take;
      else current.orders.push({ id, pieces: take });
      if (left <= EPSILON) {
        index++;
        left = queue[index]?.pieces ?? 0;
      }
    }
  }
  for (const w of out) {
    w.capacity = round(w.capacity);
    w.planned = round(w.planned);
    w.full = w.capacity > 0 && w.planned + EPSILON >= w.capacity;
    for (const o of w.orders) o.pieces = round(o.pieces);
  }
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;
