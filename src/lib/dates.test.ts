import { describe, expect, it } from "vitest";
import { indiaDate, indiaDateTime } from "./dates";

describe("indiaDate", () => {
  it("is the day in India, en-IN, short month", () => {
    expect(indiaDate("2026-03-05T10:00:00Z")).toBe("5 Mar 2026");
    // 20:00 UTC on 31 Dec is already 1 Jan in India.
    expect(indiaDate("2025-12-31T20:00:00Z")).toBe("1 Jan 2026");
    expect(indiaDate(new Date("2026-01-09T14:45:00Z"))).toBe("9 Jan 2026");
    expect(indiaDate("not a date")).toBe("");
  });
});

describe("indiaDateTime", () => {
  it("is 24-hour India time, five past midnight as 00:05 (never 24:05)", () => {
    expect(indiaDateTime("2026-01-02T18:35:00Z")).toBe("3 Jan 2026, 00:05");
    expect(indiaDateTime("2026-01-09T14:45:00Z")).toBe("9 Jan 2026, 20:15");
    expect(indiaDateTime("2026-01-02T08:00:00Z")).toBe("2 Jan 2026, 13:30");
    expect(indiaDateTime("nope")).toBe("");
  });
});
