import { describe, expect, it } from "vitest";
import {
  STUDIO_DEFAULTS,
  dayCapacity,
  promiseFor,
  queueDoneDay,
  queueWeeks,
  type StudioSettings,
} from "./capacity";
import { DAY_MS, indiaDay } from "~/lib/dates";

// 6 pieces a week, Monday to Saturday: one piece a day.
const studio: StudioSettings = { ...STUDIO_DEFAULTS, perWeek: 6 };
// Wednesday 2026-12-02, 10:00 India time.
const wed = new Date("2026-12-02T04:30:00Z");

describe("studio capacity", () => {
  it("India days, and a day's share of the week (none on Sunday or a holiday)", () => {
    expect(indiaDay(new Date("2026-12-01T19:00:00Z"))).toBe("2026-12-02"); // 00:30 IST
    expect(dayCapacity(studio, "2026-12-02")).toBe(1);
    expect(dayCapacity(studio, "2026-12-06")).toBe(0); // Sunday
    expect(dayCapacity({ ...studio, holidays: ["2026-12-02"] }, "2026-12-02")).toBe(0);
    expect(
      dayCapacity({ ...studio, unit: "hours", perWeek: 48, hoursPerPiece: 4 }, "2026-12-02"),
    ).toBe(2);
  });

  it("an empty queue: today's capacity makes the piece today", () => {
    expect(queueDoneDay(studio, 0, 1, wed)).toBe("2026-12-02");
  });

  it("a partial week: from Wednesday only Wednesday to Saturday count, then Sunday is skipped", () => {
    // 4 ahead + 1 = 5 pieces: Wed, Thu, Fri, Sat (4), Monday the 5th.
    expect(queueDoneDay(studio, 4, 1, wed)).toBe("2026-12-07");
  });

  it("holidays move the day on", () => {
    const closed = { ...studio, holidays: ["2026-12-03", "2026-12-04"] };
    // Wed, Sat, Mon, Tue: the 4th piece on Tuesday the 8th.
    expect(queueDoneDay(closed, 3, 1, wed)).toBe("2026-12-08");
  });

  it("a full queue: the promise is the queue's day, not the processing window", () => {
    const p = promiseFor(studio, { ahead: 30, pieces: 1, dispatchDays: 5, from: wed });
    expect(p.by).toBe("queue");
    // 31 pieces at 6 a week from Wednesday: 4 this week + 24 in four weeks + 3 -> Wednesday 2027-01-06.
    expect(p.queueDay).toBe("2027-01-06");
    expect(indiaDay(p.at)).toBe("2027-01-06");
    expect(p.window.getTime()).toBe(wed.getTime() + 5 * DAY_MS);
  });

  it("a short queue: the processing window decides", () => {
    const p = promiseFor(studio, { ahead: 1, pieces: 1, dispatchDays: 20, from: wed });
    expect(p).toMatchObject({ by: "window", queueDay: "2026-12-03" });
    expect(p.at.getTime()).toBe(wed.getTime() + 20 * DAY_MS);
  });

  it("no capacity at all: the horizon, never a past date", () => {
    const closed = { ...studio, workDays: [] };
    expect(queueDoneDay(closed, 0, 1, wed)).toBeNull();
    expect(promiseFor(closed, { ahead: 0, pieces: 1, dispatchDays: 5, from: wed }).by).toBe(
      "queue",
    );
  });

  it("the queue week by week: a part week, a holiday, orders split across weeks, full weeks flagged", () => {
    const weeks = queueWeeks(
      { ...studio, holidays: ["2026-12-09"] },
      [
        { id: "a", pieces: 3 },
        { id: "b", pieces: 4 },
      ],
      wed,
      2,
    );
    expect(weeks).toEqual([
      {
        week: "2026-11-30",
        capacity: 4,
        planned: 4,
        orders: [
          { id: "a", pieces: 3 },
          { id: "b", pieces: 1 },
        ],
        full: true,
      },
      {
        week: "2026-12-07",
        capacity: 5,
        planned: 3,
        orders: [{ id: "b", pieces: 3 }],
        full: false,
      },
    ]);
  });
});
