/** The Claims screen's view in the address and the report's months (docs/decisions/0247, 0251). */
import { describe, expect, it } from "vitest";
import { claimsSearch, lastSixMonths, readClaimsView } from "./claims-view";

describe("the Claims screen's view", () => {
  it("reads and writes the address: open first, pages from 1", () => {
    expect(readClaimsView("")).toEqual({ show: "open", page: 0 });
    expect(readClaimsView("?show=decided&page=3")).toEqual({ show: "decided", page: 2 });
    expect(readClaimsView("?show=burn&page=-1")).toEqual({ show: "open", page: 0 });
    expect(claimsSearch({ show: "all", page: 1 })).toBe("?show=all&page=2");
  });

  it("the report covers the six months up to today's, across a year's end", () => {
    expect(lastSixMonths("2026-11-28")).toEqual({ from: "2026-06", to: "2026-11" });
    expect(lastSixMonths("2027-02-01")).toEqual({ from: "2026-09", to: "2027-02" });
  });
});
