import { describe, expect, it } from "vitest";
import { archiveName, archiveTime } from "./archive-name";
import { archivesToDelete } from "./retention";
import { backupDue } from "./schedule.server";

/** An archive name for an India-time moment ("2026-11-25 03:00"). */
const at = (ist: string) => archiveName(new Date(`${ist.replace(" ", "T")}:00+05:30`));

describe("archive names", () => {
  it("carry their time to the second and read back", () => {
    const time = new Date("2026-11-25T08:01:02.345Z");
    expect(archiveName(time)).toBe("resin-2026-11-25T08-01-02Z.tar.gz");
    expect(archiveTime(archiveName(time))?.toISOString()).toBe("2026-11-25T08:01:02.000Z");
  });
  it("ignore other files", () => {
    expect(archiveTime("notes.txt")).toBeNull();
    expect(archiveTime("resin-2026-11-25T08-01-02Z.tar.gz.partial")).toBeNull();
  });
});

describe("retention", () => {
  it("keeps the newest archive of each of the last N days and of each of the last M weeks", () => {
    // Thirty days of two archives a day (03:00 and 15:00 India time), 1 to 30 November 2026.
    const names: string[] = [];
    for (let d = 1; d <= 30; d++) {
      const day = `2026-11-${String(d).padStart(2, "0")}`;
      names.push(at(`${day} 03:00`), at(`${day} 15:00`));
    }
    const deleted = new Set(archivesToDelete(names, { daily: 7, weekly: 4 }));
    const kept = names.filter((n) => !deleted.has(n)).sort();
    expect(kept).toEqual(
      [
        // Newest of each of the last four weeks (Monday to Sunday): the week of Monday 30 Nov and
        // the weeks ending Sunday 29, 22 and 15 Nov.
        at("2026-11-15 15:00"),
        at("2026-11-22 15:00"),
        // Newest of each of the last seven days (24-30 Nov), the 29th and 30th among them.
        ...[24, 25, 26, 27, 28, 29, 30].map((d) => at(`2026-11-${d} 15:00`)),
      ].sort(),
    );
  });
  it("counts days in India time: 01:00 IST is still the previous day in UTC", () => {
    const late = at("2026-11-25 01:00"); // 2026-11-24T19:30Z
    const early = at("2026-11-24 23:00");
    expect(archivesToDelete([late, early], { daily: 1, weekly: 0 })).toEqual([early]);
  });
  it("never deletes files that are not archives", () => {
    expect(
      archivesToDelete(["README.txt", at("2026-11-01 03:00")], { daily: 1, weekly: 0 }),
    ).toEqual([]);
  });
});

describe("when a scheduled backup is due", () => {
  const ist = (s: string) => new Date(`${s.replace(" ", "T")}:00+05:30`);
  it("is due once the day's hour has passed and no archive was made since", () => {
    expect(backupDue(ist("2026-11-25 03:05"), ist("2026-11-24 03:01"), 3)).toBe(true);
    expect(backupDue(ist("2026-11-25 03:05"), ist("2026-11-25 03:01"), 3)).toBe(false);
  });
  it("before the hour, yesterday's archive is enough", () => {
    expect(backupDue(ist("2026-11-25 02:00"), ist("2026-11-24 03:01"), 3)).toBe(false);
    expect(backupDue(ist("2026-11-25 02:00"), ist("2026-11-24 02:59"), 3)).toBe(true);
  });
  it("is due at once when there is no archive at all", () => {
    expect(backupDue(ist("2026-11-25 02:00"), null, 3)).toBe(true);
  });
});
