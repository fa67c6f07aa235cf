import { describe, expect, it } from "vitest";
import {
  addDays,
  dayDate,
  dayLabel,
  financialYear,
  fromIndiaClock,
  indiaClock,
  indiaDate,
  indiaDateTime,
  indiaDay,
  indiaDayStart,
  indiaStamp,
  isCalendarDay,
  mondayOf,
  monthLabel,
  weekday,
} from "./dates";

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

describe("dayLabel and monthLabel", () => {
  it("name a calendar day as it is written, whatever the zone", () => {
    expect(dayLabel("2026-04-02")).toBe("2 Apr");
    expect(dayLabel("2026-01-01")).toBe("1 Jan");
    expect(monthLabel("2026-04-01")).toBe("Apr 26");
    expect(monthLabel("2025-12-31")).toBe("Dec 25");
    expect(dayDate("2026-04-02")).toBe("2 Apr 2026");
    expect(dayDate("2026-01-01")).toBe("1 Jan 2026");
    // The day a "needed by" names, as indiaDate writes that day's noon in India.
    expect(dayDate("2026-12-31")).toBe(indiaDate(new Date("2026-12-31T12:00:00+05:30")));
  });
  it("are empty for anything but a calendar day", () => {
    expect(dayLabel("2026-04-02T10:00:00Z")).toBe("");
    expect(dayLabel("2026-13-40")).toBe("");
    expect(monthLabel("April")).toBe("");
    expect(dayDate("2026-04-02T10:00:00Z")).toBe("");
    expect(dayDate("")).toBe("");
  });
});

describe("India's wall clock for inputs and day counting", () => {
  it("reads an instant as India's clock and day, +05:30 whatever the server's zone", () => {
    expect(indiaClock(new Date("2026-04-01T19:00:00Z"))).toBe("2026-04-02T00:30:00.000");
    expect(indiaDay(new Date("2026-04-01T19:00:00Z"))).toBe("2026-04-02");
    expect(indiaDay(new Date("2026-04-01T18:29:59.999Z"))).toBe("2026-04-01");
    expect(() => indiaClock(new Date("nope"))).toThrow(RangeError);
  });
  it("turns India's clock and days back into instants", () => {
    expect(fromIndiaClock("2026-11-27T00:00").toISOString()).toBe("2026-11-26T18:30:00.000Z");
    expect(fromIndiaClock("2026-11-27T10:15:30").toISOString()).toBe("2026-11-27T04:45:30.000Z");
    expect(indiaDayStart("2026-04-01").toISOString()).toBe("2026-03-31T18:30:00.000Z");
    expect(Number.isNaN(fromIndiaClock("27/11/2026").getTime())).toBe(true);
    // A day past the month's end rolls over, as Date does; indiaDay shows it.
    expect(indiaDay(indiaDayStart("2026-02-30"))).toBe("2026-03-02");
  });
});

describe("India's clock as text for spreadsheets and couriers", () => {
  it("is the wall clock to the second with a space, empty for nothing or a malformed date", () => {
    expect(indiaStamp(new Date("2026-03-31T18:30:05Z"))).toBe("2026-04-01 00:00:05");
    expect(indiaStamp("2026-01-02T18:35:09.750Z")).toBe("2026-01-03 00:05:09");
    expect(indiaStamp(null)).toBe("");
    expect(indiaStamp(undefined)).toBe("");
    expect(indiaStamp("nope")).toBe("");
  });
});

describe("calendar days", () => {
  it("knows a real day written YYYY-MM-DD", () => {
    expect(isCalendarDay("2026-04-02")).toBe(true);
    expect(isCalendarDay("2024-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-02-30")).toBe(false);
    expect(isCalendarDay("2026-13-01")).toBe(false);
    expect(isCalendarDay("2026-4-2")).toBe(false);
    expect(isCalendarDay("2026-04-02T00:00")).toBe(false);
  });
  it("adds days across months and years, and finds weekdays and Mondays", () => {
    expect(addDays("2026-04-30", 1)).toBe("2026-05-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(() => addDays("nope", 1)).toThrow(RangeError);
    // 1 April 2026 is a Wednesday.
    expect(weekday("2026-04-01")).toBe(3);
    expect(weekday("2026-04-05")).toBe(0);
    expect(mondayOf("2026-04-01")).toBe("2026-03-30");
    expect(mondayOf("2026-04-05")).toBe("2026-03-30");
    expect(mondayOf("2026-04-06")).toBe("2026-04-06");
  });
  it("names India's financial year, April to March", () => {
    expect(financialYear("2026-03-31")).toBe("25-26");
    expect(financialYear("2026-04-01")).toBe("26-27");
    expect(financialYear("2099-12-31")).toBe("99-00");
    expect(financialYear("2000-01-15")).toBe("99-00");
  });
});
