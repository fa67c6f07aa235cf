import { describe, expect, it } from "vitest";
import { chartBars, labelEvery } from "./chart";
import { csvName, exportPath, readReportsView, reportsSearch, salesPath } from "./reports-view";

const NOW = new Date("2026-04-20T10:00:00Z");

describe("the reports view in the address", () => {
  it("defaults to this month so far, per day", () => {
    const view = readReportsView("", NOW);
    expect(view).toEqual({
      period: "this-month",
      range: { from: "2026-04-01", to: "2026-04-20" },
      by: null,
    });
    expect(reportsSearch(view)).toBe("");
    expect(salesPath(view)).toBe("/v2/admin/reports/sales?from=2026-04-01&to=2026-04-20&by=day");
  });

  it("reads presets, dates and points, and writes them back", () => {
    const fy = readReportsView("?period=this-fy&by=month", NOW);
    expect(fy).toMatchObject({ period: "this-fy", range: { from: "2026-04-01" }, by: "month" });
    expect(reportsSearch(fy)).toBe("?period=this-fy&by=month");
    const custom = readReportsView("?from=2025-04-01&to=2026-03-31&by=week", NOW);
    expect(custom).toEqual({
      period: "custom",
      range: { from: "2025-04-01", to: "2026-03-31" },
      by: "week",
    });
    expect(reportsSearch(custom)).toBe("?from=2025-04-01&to=2026-03-31&by=week");
    expect(salesPath({ ...custom, by: null })).toMatch(/by=week$/);
  });

  it("ignores what it cannot use: bad dates, unknown presets, per day over a long period", () => {
    expect(readReportsView("?from=2026-04-31&to=2026-05-01", NOW).period).toBe("this-month");
    expect(readReportsView("?period=forever", NOW).period).toBe("this-month");
    expect(readReportsView("?from=2024-01-01&to=2026-01-01&by=day", NOW).by).toBeNull();
    expect(exportPath("orders", { from: "2026-04-01", to: "2026-04-30" })).toBe(
      "/v2/admin/exports/orders?from=2026-04-01&to=2026-04-30",
    );
    expect(csvName('attachment; filename="orders-x.csv"', "orders.csv")).toBe("orders-x.csv");
    expect(csvName(null, "orders.csv")).toBe("orders.csv");
  });
});

describe("the sales chart's bars", () => {
  it("scales to the largest amount and draws refunds-only days below the zero line", () => {
    const { bars, zeroY } = chartBars(
      [
        { label: "a", value: 300 },
        { label: "b", value: 0 },
        { label: "c", value: -100 },
      ],
      { width: 300, height: 120, bottom: 20 },
    );
    expect(zeroY).toBe(75);
    expect(bars[0]).toMatchObject({ y: 0, height: 75, width: 70, x: 15 });
    expect(bars[1]).toMatchObject({ height: 0 });
    expect(bars[2]).toMatchObject({ y: 75, height: 25 });
    expect(chartBars([], { width: 300, height: 120, bottom: 20 }).bars).toEqual([]);
    expect(labelEvery(30)).toBe(4);
    expect(labelEvery(5)).toBe(1);
  });
});
