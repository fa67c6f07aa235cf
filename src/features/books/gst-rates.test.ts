import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  GST_RATE_TABLE,
  KNOWN_GST_RATES,
  isSlabOn,
  rateOptions,
  slabsOn,
  staleRateWarning,
} from "./gst-rates";
import { taxLine } from "./tax";

describe("GST rates by date (docs/decisions/0180)", () => {
  it("answers the slabs in force on a day: 12 % until 21 September 2025, 28 % until 31 January 2026", () => {
    expect(slabsOn("2025-09-21")).toEqual([0, 0.25, 1.5, 3, 5, 12, 18, 28]);
    expect(slabsOn("2025-09-22")).toEqual([0, 0.25, 1.5, 3, 5, 18, 28, 40]);
    expect(slabsOn("2026-02-01")).toEqual([0, 0.25, 1.5, 3, 5, 18, 40]);
    expect(isSlabOn(28, "2026-01-31")).toBe(true);
    expect(isSlabOn(28, "2026-02-01")).toBe(false);
    expect(isSlabOn(12, "2025-09-15")).toBe(true);
    expect(isSlabOn(12, "2025-09-22")).toBe(false);
    expect(isSlabOn(40, "2025-09-21")).toBe(false);
    // An instant is read as its India day: 22 Sep 00:30 in India is still 21 Sep in UTC.
    expect(isSlabOn(40, new Date("2025-09-21T19:00:00Z"))).toBe(true);
    expect(slabsOn("2017-06-30")).toEqual([]);
  });

  it("keeps the entries in date order, and the database checks allow every rate ever in force", () => {
    const days = GST_RATE_TABLE.map((e) => e.from);
    expect(days).toEqual([...days].sort());
    for (const file of ["books", "catalogue"]) {
      const schema = readFileSync(`src/server/db/schema/${file}.ts`, "utf8");
      for (const list of schema.matchAll(/gst_?[Rr]ate\}? in \(([^)]*)\)/g))
        expect(list[1]!.split(",").map(Number)).toEqual([...KNOWN_GST_RATES]);
    }
  });

  it("offers today's slabs and keeps an old stored rate as a marked option, with a warning", () => {
    expect(rateOptions(18, "2026-03-01").map((o) => o.value)).toEqual([
      "0",
      "0.25",
      "1.5",
      "3",
      "5",
      "18",
      "40",
    ]);
    expect(rateOptions(12, "2026-03-01").at(-1)).toEqual({
      value: "12",
      label: "12 % (no longer a GST slab)",
    });
    expect(staleRateWarning(18, "2026-03-01")).toBeNull();
    expect(staleRateWarning(null, "2026-03-01")).toBeNull();
    expect(staleRateWarning(12, "2026-01-01")).toMatch(
      /^GST rate 12 % is no longer a GST slab \(from 2025-09-22 the rates are 0, 0.25, 1.5, 3, 5, 18, 28 or 40 %\)/,
    );
    expect(staleRateWarning(12, "2025-09-01")).toBeNull();
  });

  it("taxes a fraction of a percent exactly: 0.25 % and 3 % included in the price", () => {
    const line = (gstRate: number) =>
      taxLine(
        {
          kind: "goods",
          description: "x",
          hsn: "7113",
          quantity: 1,
          gstRate,
          unitPricePaise: 100_250,
        },
        { pricesIncludeGst: true, intraState: false, collectsTax: true },
      );
    expect(line(0.25)).toMatchObject({
      taxablePaise: 100_000,
      igstPaise: 250,
      totalPaise: 100_250,
    });
    expect(line(3)).toMatchObject({ taxablePaise: 97_330, igstPaise: 2_920 });
  });
});
