import { describe, expect, it } from "vitest";
import { neededByDate, neededByVerdict } from "./needed-by";

describe("a needed-by date", () => {
  it("is a real day written YYYY-MM-DD", () => {
    expect(neededByDate.safeParse("2026-12-25").success).toBe(true);
    expect(neededByDate.safeParse("2026-02-30").success).toBe(false);
    expect(neededByDate.safeParse("2026-12-25T00:00").success).toBe(false);
  });

  it("names the days in the sentence as people in India read them", () => {
    // Dispatch at 20:00 UTC on 1 December is 2 December in India; three days in transit.
    const verdict = neededByVerdict(
      "2026-12-25",
      new Date("2026-12-01T20:00:00Z"),
      3,
      new Date("2026-11-27T10:00:00Z"),
    );
    expect(verdict).toMatchObject({ ok: true, arrivesBy: "2026-12-05" });
    expect(verdict.sentence).toContain("25 Dec 2026");
    expect(verdict.sentence).toContain("5 Dec 2026");
  });
});
