/**
 * Which scheduled backups to keep: the newest archive of each of the last `daily` days, and the
 * newest of each of the last `weekly` weeks (Monday to Sunday, India time). Everything else goes.
 * Pure, so the rule is tested without a clock or a disk (docs/decisions/0079-backups-and-moving.md).
 */
import { DAY_MS, indiaDay } from "~/lib/dates";
import { archiveTime } from "./archive-name";

export interface Retention {
  daily: number;
  weekly: number;
}

/** The India-time calendar day of an instant, as a day number (days since 1970-01-01). */
function istDay(time: Date): number {
  return Date.parse(`${indiaDay(time)}T00:00:00Z`) / DAY_MS;
}

/** The India-time week (starting Monday) of an instant, as a week number. */
function istWeek(time: Date): number {
  // Day 0 (1970-01-01) was a Thursday: shift by 3 so weeks start on Monday.
  return Math.floor((istDay(time) + 3) / 7);
}

/** The archive names to delete, given every archive name in the folder. */
export function archivesToDelete(names: string[], keep: Retention): string[] {
  const dated = names
    .map((name) => ({ name, time: archiveTime(name) }))
    .filter((a): a is { name: string; time: Date } => a.time !== null)
    .sort((a, b) => b.time.getTime() - a.time.getTime());
  const kept = new Set<string>();
  const days = new Set<number>();
  const weeks = new Set<number>();
  for (const archive of dated) {
    const day = istDay(archive.time);
    const week = istWeek(archive.time);
    if (!days.has(day) && days.size < keep.daily) {
      days.add(day);
      kept.add(archive.name);
    }
    if (!weeks.has(week) && weeks.size < keep.weekly) {
      weeks.add(week);
      kept.add(archive.name);
    }
  }
  return dated.filter((a) => !kept.has(a.name)).map((a) => a.name);
}
