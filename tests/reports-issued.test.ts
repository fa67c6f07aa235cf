/**
 * The GST summary and the invoice register over documents issued by the invoicing code itself
 * (tests/helpers/books.ts pays orders as a provider would; decisions 0082, 0093): a B2C sale to
 * another state and a B2B sale within the seller's state land in their groups, and the summary's
 * totals are the documents' own. PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvResponse } from "~/features/reports/csv-stream.server";
import { issueCreditNote } from "~/features/books/credit-note.server";
import { exportFile } from "~/features/reports/exports.server";
import { gstSummary } from "~/features/reports/gst-summary.server";
import { indiaDay } from "~/lib/dates";
import { schema } from "~/server/db/client";
import { pay, pendingOrder, saveSeller, seedBooksShop } from "./helpers/books";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

describe.each(dbKinds)("reports over issued documents on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await seedBooksShop(t.db, "reports-buyer");
    await saveSeller(t.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("groups a B2C sale by rate and place, a B2B sale by GSTIN, and totals what was issued", async () => {
    const b2c = await pendingOrder(t.db, "reports-buyer", "Karnataka", { shippingPaise: 9_900 });
    const b2b = await pendingOrder(t.db, "reports-buyer", "Maharashtra", {
      buyerGstin: "27AAPFU0939F1ZV",
    });
    // Noon in India on one day, so both documents and the period agree whenever the test runs.
    const noon = new Date("2026-06-15T06:30:00Z");
    expect(await pay(t.db, b2c, undefined, noon)).toBe("paid");
    expect(await pay(t.db, b2b, undefined, noon)).toBe("paid");
    const today = indiaDay(noon);
    const summary = await gstSummary(t.db, { from: today, to: today });
    const issued = await t.db.select().from(schema.invoices);
    expect(issued.map((d) => d.kind).sort()).toEqual(["tax-invoice", "tax-invoice"]);

    expect(summary.b2c.map((r) => [r.rate, r.placeCode, r.placeName])).toEqual([
      [5, "29", "Karnataka"],
      [12, "29", "Karnataka"],
    ]);
    expect(summary.b2c.every((r) => r.cgst === 0 && r.sgst === 0 && r.igst > 0)).toBe(true);
    expect(summary.b2b).toEqual([
      expect.objectContaining({ gstin: "27AAPFU0939F1ZV", documents: 1, igst: 0 }),
    ]);
    expect(summary.b2b[0]!.cgst).toBeGreaterThan(0);
    const sum = (key: "taxablePaise" | "totalPaise") => issued.reduce((n, d) => n + d[key], 0);
    expect(summary.invoices).toMatchObject({
      documents: 2,
      taxable: sum("taxablePaise"),
      total: sum("totalPaise"),
    });
    expect(summary.invoices.total).toBe(b2c.totalPaise + b2b.totalPaise);
    const byLines = [...summary.b2c, ...summary.b2b].reduce((n, r) => n + r.total, 0);
    expect(byLines).toBe(summary.invoices.total);
    expect(summary.hsn.map((r) => [r.hsn, r.rate])).toEqual([
      ["3926", 12],
      ["4414", 5],
      ["9965", 12],
    ]);

    const register = new TextDecoder("utf-8", { ignoreBOM: true }).decode(
      await (
        await csvResponse(exportFile(t.db, "invoices", { from: today, to: today }))
      ).arrayBuffer(),
    );
    for (const doc of issued) expect(register).toContain(`"${doc.number}","tax-invoice"`);
    expect(register).toContain('"Asha Rao","","29","Karnataka","IGST"');
  });

  it("keeps a credit note of a receipt out of the taxable credit notes (no tax was shown)", async () => {
    await saveSeller(t.db, { registration: "unregistered" });
    const order = await pendingOrder(t.db, "reports-buyer", "Karnataka");
    const noon = new Date("2026-07-15T06:30:00Z");
    expect(await pay(t.db, order, undefined, noon)).toBe("paid");
    await t.db.transaction((tx) =>
      issueCreditNote(tx, { id: `rf-${order.id}`, orderId: order.id, amountPaise: 50_000 }, noon),
    );
    const today = indiaDay(noon);
    const summary = await gstSummary(t.db, { from: today, to: today });
    // Before: "Credit notes B2C, 12 %, taxable 500, tax 0" beside a receipt that showed no tax.
    expect(summary.creditNotes).toEqual([]);
    expect(summary.credits.documents).toBe(0);
    expect(summary.untaxed).toEqual({
      documents: 1,
      total: order.totalPaise,
      credits: 1,
      credited: 50_000,
    });
    await saveSeller(t.db);
  });
});
