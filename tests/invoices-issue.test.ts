/**
 * Issuing the books' documents (docs/decisions/0082, 0084, 0085) on PGlite and PostgreSQL: a paid
 * order gets one tax invoice in the paying transaction (never a second one for a repeated report),
 * numbered RT/yy-yy/000001 on; IGST for another state, CGST + SGST for the seller's; the HSN and
 * rate from the product or its category; a bill of supply after switching to composition; a
 * refund's credit note reverses the tax in the invoice's split; and, on PostgreSQL, 200 payments at
 * once give 200 consecutive numbers.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueCreditNote } from "~/features/books/credit-note.server";
import { financialYearOf } from "~/features/books/numbering";
import { recordRefundState } from "~/features/refunds/refunds.server";
import { schema } from "~/server/db/client";
import { pay, pendingOrder, saveSeller, seedBooksShop } from "./helpers/books";
import { dbKinds } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";

const UID = "books-shopper";

describe.each(dbKinds)("issuing documents on %s", (kind) => {
  const t = useTestDb(kind, async (t) => {
    await seedBooksShop(t.db, UID);
    await saveSeller(t.db);
  });

  const docsOf = (orderId: string) =>
    t.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, orderId));

  it("issues one tax invoice when an order is paid, whatever the repeats", async () => {
    const order = await pendingOrder(t.db, UID, "Karnataka", { shippingPaise: 9_900 });
    expect(await pay(t.db, order)).toBe("paid");
    expect(await pay(t.db, order)).toBe("already-recorded");
    const docs = await docsOf(order.id);
    expect(docs).toHaveLength(1);
    const fy = financialYearOf(new Date());
    expect(docs[0]).toMatchObject({
      kind: "tax-invoice",
      number: `RT/${fy}/000001`,
      placeOfSupplyCode: "29",
      placeOfSupplyName: "Karnataka",
      intraState: false,
      cgstPaise: 0,
      sgstPaise: 0,
      totalPaise: order.totalPaise,
    });
    expect(docs[0]?.igstPaise).toBeGreaterThan(0);
    const lines = await t.db
      .select()
      .from(schema.invoiceLines)
      .where(eq(schema.invoiceLines.invoiceId, docs[0]!.id))
      .orderBy(schema.invoiceLines.lineNo);
    expect(lines.map((l) => [l.kind, l.hsn, l.gstRate, l.quantity])).toEqual([
      ["goods", "3926", 12, 2],
      ["goods", "4414", 5, 1],
      ["shipping", "9965", 12, 1],
    ]);
    // The shopper's note ("Asha & Ravi") is never on a tax document (decision 0183).
    expect(lines[0]?.description).toBe("Ocean Wave Frame (A4, Gloss)");
    expect(lines.reduce((s, l) => s + l.totalPaise, 0)).toBe(order.totalPaise);
  });

  it("splits CGST + SGST in the seller's state and keeps the buyer's GSTIN", async () => {
    const order = await pendingOrder(t.db, UID, "Maharashtra", { buyerGstin: "27AAPFU0939F1ZV" });
    await pay(t.db, order);
    const [doc] = await docsOf(order.id);
    expect(doc).toMatchObject({ intraState: true, igstPaise: 0, buyerGstin: "27AAPFU0939F1ZV" });
    expect(doc!.cgstPaise).toBeGreaterThan(0);
    expect(Math.abs(doc!.cgstPaise - doc!.sgstPaise)).toBeLessThanOrEqual(2);
    expect(doc!.number).toMatch(/000002$/);
  });

  it("issues a bill of supply after the seller switches to composition; issued ones stay", async () => {
    const before = await t.db.select().from(schema.invoices);
    await saveSeller(t.db, { registration: "composition" });
    const order = await pendingOrder(t.db, UID);
    await pay(t.db, order);
    const [doc] = await docsOf(order.id);
    expect(doc).toMatchObject({ kind: "bill-of-supply", igstPaise: 0, cgstPaise: 0 });
    expect(doc!.taxablePaise).toBe(order.totalPaise);
    const same = await t.db.select().from(schema.invoices);
    for (const old of before) expect(same.find((d) => d.id === old.id)).toEqual(old);
    await saveSeller(t.db, { registration: "regular" });
  });

  it("issues a credit note for a refund, reversing the tax in the invoice's split, once", async () => {
    const order = await pendingOrder(t.db, UID, "Karnataka");
    await pay(t.db, order);
    const [invoice] = await docsOf(order.id);
    const refund = { id: "rf-books-1", orderId: order.id, amountPaise: 50_000 };
    const id = await t.db.transaction((tx) => issueCreditNote(tx, refund));
    expect(await t.db.transaction((tx) => issueCreditNote(tx, refund))).toBe(id);
    const [note] = await t.db.select().from(schema.invoices).where(eq(schema.invoices.id, id!));
    expect(note).toMatchObject({
      kind: "credit-note",
      creditsInvoiceId: invoice!.id,
      refundId: "rf-books-1",
      intraState: false,
      totalPaise: 50_000,
      cgstPaise: 0,
    });
    expect(note!.number).toMatch(/^CN\/\d\d-\d\d\/000001$/);
    expect(note!.taxablePaise + note!.igstPaise).toBe(50_000);
    // The rest of the invoice, then nothing more.
    const rest = { id: "rf-books-2", orderId: order.id, amountPaise: order.totalPaise };
    const second = await t.db.transaction((tx) => issueCreditNote(tx, rest));
    const [whole] = await t.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.id, second!));
    expect(whole!.totalPaise).toBe(order.totalPaise - 50_000);
    const third = { id: "rf-books-3", orderId: order.id, amountPaise: 100 };
    expect(await t.db.transaction((tx) => issueCreditNote(tx, third))).toBeNull();
  });

  it("issues the credit note when a refund is recorded as succeeded, in that transaction", async () => {
    const order = await pendingOrder(t.db, UID, "Maharashtra");
    await pay(t.db, order);
    await t.db.insert(schema.refunds).values({
      id: "rfbooks4",
      orderId: order.id,
      provider: "local",
      amountPaise: order.totalPaise,
      reason: "Cancelled",
      requestedBy: "owner",
    });
    expect(await recordRefundState(t.db, "rfbooks4", { status: "SUCCESS" })).toBe(true);
    const notes = (await docsOf(order.id)).filter((d) => d.kind === "credit-note");
    expect(notes).toHaveLength(1);
    const [invoice] = (await docsOf(order.id)).filter((d) => d.kind === "tax-invoice");
    expect(notes[0]).toMatchObject({
      refundId: "rfbooks4",
      totalPaise: invoice!.totalPaise,
      cgstPaise: invoice!.cgstPaise,
      sgstPaise: invoice!.sgstPaise,
      taxablePaise: invoice!.taxablePaise,
    });
  });

  // Many connections at once need a server: PGlite is one connection in one process.
  it.runIf(kind === "postgres")(
    "gives 200 concurrent payments 200 consecutive numbers",
    async () => {
      const orders = [];
      for (let i = 0; i < 200; i++) orders.push(await pendingOrder(t.db, UID));
      const before = await t.db.select().from(schema.invoices);
      const results = await Promise.all(orders.map((o) => pay(t.db, o)));
      expect(results.every((r) => r === "paid")).toBe(true);
      const issued = (await t.db.select().from(schema.invoices)).filter(
        (d) => d.series === "RT" && !before.some((b) => b.id === d.id),
      );
      expect(issued).toHaveLength(200);
      const seqs = issued.map((d) => d.sequence).sort((a, b) => a - b);
      const first = seqs[0]!;
      expect(seqs).toEqual(Array.from({ length: 200 }, (_, i) => first + i));
      expect(new Set(issued.map((d) => d.orderId)).size).toBe(200);
    },
  );
});
