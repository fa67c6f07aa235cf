import { describe, expect, it } from "vitest";
import {
  bucketOf,
  bucketsOf,
  dayStart,
  defaultBucket,
  presetRange,
  rangeInstants,
  rangeProblem,
} from "./report-range";
import { indiaDay } from "~/lib/dates";

describe("a report's period in India time", () => {
  it("starts a day at 00:00 +05:30 and ends it at the next day's start", () => {
    expect(dayStart("2026-04-01")?.toISOString()).toBe("2026-03-31T18:30:00.000Z");
    expect(dayStart("2026-02-29")).toBeNull();
    expect(dayStart("2026-4-1")).toBeNull();
    const { start, end } = rangeInstants({ from: "2026-04-01", to: "2026-04-30" });
    expect([start.toISOString(), end.toISOString()]).toEqual([
      "2026-03-31T18:30:00.000Z",
      "2026-04-30T18:30:00.000Z",
    ]);
    expect(indiaDay(new Date("2026-03-31T18:29:59Z"))).toBe("2026-03-31");
    expect(indiaDay(new Date("2026-03-31T18:30:00Z"))).toBe("2026-04-01");
  });

  it("offers this month, last month and this financial year as seen in India", () => {
    // 20:00 UTC on 31 January is already 1 February in India.
    const now = new Date("2026-01-31T20:00:00Z");
    expect(presetRange("this-month", now)).toEqual({ from: "2026-02-01", to: "2026-02-01" });
    expect(presetRange("last-month", now)).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(presetRange("this-fy", now)).toEqual({ from: "2025-04-01", to: "2026-02-01" });
    const january = new Date("2026-01-15T10:00:00Z");
    expect(presetRange("last-month", january)).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    const april = new Date("2026-04-02T10:00:00Z");
    expect(presetRange("this-fy", april)).toEqual({ from: "2026-04-01", to: "2026-04-02" });
    expect(presetRange("last-month", new Date("2024-03-10T10:00:00Z"))).toEqual({
      from: "2024-02-01",
      to: "2024-02-29",
    });
  });

  it("says what is wrong with a period", () => {
    expect(rangeProblem({ from: "2026-04-01", to: "2026-04-30" })).toBeNull();
    expect(rangeProblem({ from: "x", to: "2026-04-30" })).toBe(
      "from must be a date written as YYYY-MM-DD",
    );
    expect(rangeProblem({ from: "2026-04-01", to: "2026-13-01" })).toBe(
      "to must be a date written as YYYY-MM-DD",
    );
    expect(rangeProblem({ from: "2026-04-02", to: "2026-04-01" })).toBe(
      "to must not be before from",
    );
    expect(rangeProblem({ from: "2025-01-01", to: "2026-04-01" }, "day")).toMatch(/^Per day/);
    expect(rangeProblem({ from: "2025-01-01", to: "2026-04-01" }, "week")).toBeNull();
  });

  it("buckets days into Monday weeks and calendar months, gaps included", () => {
    // 1 April 2026 is a Wednesday.
    expect(bucketOf("2026-04-01", "week")).toBe("2026-03-30");
    expect(bucketOf("2026-04-05", "week")).toBe("2026-03-30");
    expect(bucketOf("2026-04-06", "week")).toBe("2026-04-06");
    expect(bucketOf("2026-04-17", "month")).toBe("2026-04-01");
    expect(bucketsOf({ from: "2026-04-29", to: "2026-05-02" }, "day")).toEqual([
      "2026-04-29",
      "2026-04-30",
      "2026-05-01",
      "2026-05-02",
    ]);
    expect(bucketsOf({ from: "2025-11-15", to: "2026-02-01" }, "month")).toEqual([
      "2025-11-01",
      "2025-12-01",
      "2026-01-01",
      "2026-02-01",
    ]);
    expect(defaultBucket({ from: "2026-04-01", to: "2026-05-31" })).toBe("day");
    expect(defaultBucket({ from: "2025-04-01", to: "2026-03-31" })).toBe("week");
    expect(defaultBucket({ from: "2024-04-01", to: "2026-03-31" })).toBe("month");
  });
});
