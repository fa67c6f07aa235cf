/**
 * Reports' figures (docs/decisions/0090, 0093) against a real database: sales per India day with
 * refunds on the day they succeeded, per week and month, top products and collections, custom work
 * against catalogue, late dispatches, and the GST summary from documents written by
 * tests/helpers/issued-documents.ts. The routes and CSV exports are tests/reports.test.ts; the
 * seed is tests/helpers/reports.ts. PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from "vitest";
import { gstSummary } from "~/features/reports/gst-summary.server";
import { salesReport } from "~/features/reports/sales.server";
import { dbKinds } from "./helpers/db";
import { lineTax } from "./helpers/issued-documents";
import { APRIL, reportsKit } from "./helpers/reports";

// No tokens here: the seed's users only own the orders, so fixed ids will do.
const owner = { uid: "reports-owner" };
const shopper = { uid: "reports-shopper" };

describe.each(dbKinds)("reports on %s", (kind) => {
  const k = reportsKit(kind, owner, shopper);

  it("adds up April's paid orders per India day, with refunds on the day they succeeded", async () => {
    const report = await salesReport(k.t.db, APRIL, "day", new Date("2026-04-20T00:00:00Z"));
    expect(report.totals).toEqual({
      orders: 3,
      gross: 170_000,
      discount: 10_000,
      shipping: 5_000,
      refunded: 10_000,
      total: 165_000,
      net: 155_000,
      averageOrder: 55_000,
    });
    expect(report.points).toHaveLength(30);
    const day = (d: string) => report.points.find((p) => p.start === d);
    expect(day("2026-04-01")).toMatchObject({ orders: 1, total: 20_000 });
    expect(day("2026-04-02")).toMatchObject({ orders: 2, total: 145_000, net: 145_000 });
    expect(day("2026-04-09")).toMatchObject({ orders: 0, refunded: 10_000, net: -10_000 });
    expect(day("2026-04-03")).toMatchObject({ orders: 0, total: 0 });
  });

  it("groups per week from Monday and per month", async () => {
    const weeks = await salesReport(k.t.db, APRIL, "week");
    expect(weeks.points.map((p) => p.start)).toEqual([
      "2026-03-30",
      "2026-04-06",
      "2026-04-13",
      "2026-04-20",
      "2026-04-27",
    ]);
    expect(weeks.points[0]).toMatchObject({ orders: 3, total: 165_000 });
    const months = await salesReport(k.t.db, { from: "2026-03-01", to: "2026-04-30" }, "month");
    expect(months.points).toEqual([
      expect.objectContaining({ start: "2026-03-01", orders: 1, total: 70_000 }),
      expect.objectContaining({ start: "2026-04-01", orders: 3, total: 165_000 }),
    ]);
  });

  it("ranks products and collections, splits custom work from catalogue, and lists late dispatches", async () => {
    const report = await salesReport(k.t.db, APRIL, "day", new Date("2026-04-20T00:00:00Z"));
    expect(report.topProducts).toEqual([
      { id: "p1", name: "Resin Frame", quantity: 3, gross: 120_000 },
      { id: "", name: "Custom keepsake", quantity: 1, gross: 50_000 },
    ]);
    expect(report.topCollections).toEqual([
      { id: "Frames", name: "Frames", quantity: 3, gross: 120_000 },
      { id: "", name: "No collection", quantity: 1, gross: 50_000 },
    ]);
    expect(report.kinds).toEqual([
      { kind: "catalogue", orders: 2, total: 115_000 },
      { kind: "custom", orders: 1, total: 50_000 },
      { kind: "shipping", orders: 0, total: 0 },
    ]);
    expect(report.lateDispatches).toEqual({
      due: 3,
      late: 2,
      orders: [
        { id: "o2", promisedAt: "2026-04-10T10:00:00.000Z", shippedAt: null, daysLate: 10 },
        {
          id: "o1",
          promisedAt: "2026-04-05T10:00:00.000Z",
          shippedAt: "2026-04-08T10:00:00.000Z",
          daysLate: 3,
        },
      ],
    });
  });

  it("summarises April's documents for GST: B2C per rate and place, B2B per GSTIN, credit notes, HSN", async () => {
    const summary = await gstSummary(k.t.db, APRIL);
    const t18 = (taxable: number, intra: boolean) =>
      lineTax({ gstRate: 18, taxablePaise: taxable }, intra);
    const delhi = [t18(80_000, true), t18(5_000, true)];
    expect(summary.b2c).toEqual([
      {
        rate: 18,
        placeCode: "07",
        placeName: "Delhi",
        taxable: 85_000,
        cgst: delhi[0]!.cgst + delhi[1]!.cgst,
        sgst: delhi[0]!.sgst + delhi[1]!.sgst,
        igst: 0,
        total: delhi[0]!.total + delhi[1]!.total,
      },
      {
        rate: 18,
        placeCode: "29",
        placeName: "Karnataka",
        taxable: 16_949,
        cgst: 0,
        sgst: 0,
        igst: t18(16_949, false).igst,
        total: t18(16_949, false).total,
      },
    ]);
    expect(summary.b2b).toEqual([
      {
        gstin: "29ABCDE1234F1Z5",
        documents: 1,
        taxable: 47_619,
        cgst: 0,
        sgst: 0,
        igst: 2_381,
        total: 50_000,
      },
    ]);
    const cn = t18(8_475, true);
    expect(summary.creditNotes).toEqual([
      {
        gstin: "",
        rate: 18,
        placeCode: "07",
        placeName: "Delhi",
        taxable: 8_475,
        cgst: cn.cgst,
        sgst: cn.sgst,
        igst: 0,
        total: cn.total,
      },
    ]);
    expect(summary.hsn.map((r) => [r.hsn, r.rate, r.quantity, r.taxable])).toEqual([
      ["3926", 18, 3, 96_949],
      ["4414", 5, 1, 47_619],
      ["9965", 18, 1, 5_000],
    ]);
    expect(summary.untaxed).toEqual({ documents: 1, total: 1_000, credits: 0, credited: 0 });
    expect(summary.invoices.documents).toBe(3);
    expect(summary.invoices.taxable).toBe(85_000 + 16_949 + 47_619);
    expect(summary.credits).toMatchObject({ documents: 1, taxable: 8_475 });
  });
});
