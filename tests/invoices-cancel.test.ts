/**
 * Cancelling an invoiced order leaves the books right (docs/decisions/0085), on PGlite and
 * PostgreSQL: the owner's status change issues a credit note for whatever of the invoice is not yet
 * credited, in its own transaction, in the invoice's split; never a second one (a refund after the
 * cancel, or a cancel after a full refund, credits nothing more); a partial refund then a cancel
 * reverse the invoice exactly between the two notes.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeOrderStatus } from "~/features/admin/orders/orders-admin.server";
import { recordRefundState } from "~/features/refunds/refunds.server";
import { schema } from "~/server/db/client";
import { pay, pendingOrder, saveSeller, seedBooksShop } from "./helpers/books";
import { dbKinds } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";

const UID = "cancel-shopper";
const OWNER = { uid: "owner", email: "owner@example.com", address: "127.0.0.1" };

describe.each(dbKinds)("cancelling an invoiced order on %s", (kind) => {
  const t = useTestDb(kind, async (t) => {
    await seedBooksShop(t.db, UID);
    await saveSeller(t.db);
  });

  const docsOf = async (orderId: string) => {
    const docs = await t.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.orderId, orderId))
      .orderBy(schema.invoices.sequence);
    return {
      invoice: docs.find((d) => d.kind === "tax-invoice")!,
      notes: docs.filter((d) => d.kind === "credit-note"),
    };
  };
  const cancel = (orderId: string) =>
    changeOrderStatus(t.db, OWNER, orderId, { status: "cancelled", by: "refund" });
  let refunds = 0;
  const refund = async (orderId: string, amountPaise: number) => {
    const id = `rfcancel${kind}${++refunds}`;
    await t.db.insert(schema.refunds).values({
      id,
      orderId,
      provider: "local",
      amountPaise,
      reason: "Cancelled by the studio",
      requestedBy: "owner",
    });
    return recordRefundState(t.db, id, { status: "SUCCESS" });
  };
  const sum = (rows: { [k: string]: unknown }[], key: string) =>
    rows.reduce((total, r) => total + (r[key] as number), 0);

  it("credits the whole invoice in the status change's transaction, in its split, once", async () => {
    const order = await pendingOrder(t.db, UID, "Maharashtra");
    expect(await pay(t.db, order)).toBe("paid");
    await cancel(order.id);
    const { invoice, notes } = await docsOf(order.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      creditsInvoiceId: invoice.id,
      refundId: null,
      intraState: true,
      taxablePaise: invoice.taxablePaise,
      cgstPaise: invoice.cgstPaise,
      sgstPaise: invoice.sgstPaise,
      igstPaise: 0,
      totalPaise: order.totalPaise,
    });
    expect(notes[0]!.number).toMatch(/^CN\/\d\d-\d\d\/\d{6}$/);
    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.action, "order.status"), eq(schema.auditLog.entityId, order.id)),
      );
    expect(audit?.after).toMatchObject({ status: "cancelled", creditNote: notes[0]!.number });
    // The refund that follows the cancel (decision 0057's cancel + refund) credits nothing more.
    expect(await refund(order.id, order.totalPaise)).toBe(true);
    expect((await docsOf(order.id)).notes).toHaveLength(1);
  });

  it("issues no second note when a full refund already credited the invoice", async () => {
    const order = await pendingOrder(t.db, UID, "Karnataka");
    await pay(t.db, order);
    await refund(order.id, order.totalPaise);
    expect((await docsOf(order.id)).notes).toHaveLength(1);
    await cancel(order.id);
    const { notes } = await docsOf(order.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.refundId).not.toBeNull();
  });

  it("after a partial refund credits only the rest, the two notes reversing the invoice exactly", async () => {
    const order = await pendingOrder(t.db, UID, "Maharashtra", { shippingPaise: 9_900 });
    await pay(t.db, order);
    await refund(order.id, 33_333);
    await cancel(order.id);
    const { invoice, notes } = await docsOf(order.id);
    expect(notes.map((n) => n.totalPaise)).toEqual([33_333, order.totalPaise - 33_333]);
    for (const key of ["taxablePaise", "cgstPaise", "sgstPaise", "igstPaise", "totalPaise"])
      expect(sum(notes, key)).toBe(invoice[key as keyof typeof invoice]);
    const lines = await t.db
      .select()
      .from(schema.invoiceLines)
      .where(eq(schema.invoiceLines.invoiceId, notes[1]!.id));
    for (const line of lines)
      expect(line.taxablePaise + line.cgstPaise + line.sgstPaise).toBe(line.totalPaise);
  });

  it("issues nothing for an unpaid order", async () => {
    const order = await pendingOrder(t.db, UID);
    await cancel(order.id);
    const docs = await t.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.orderId, order.id));
    expect(docs).toEqual([]);
  });

  // Two connections at once need a server: PGlite is one connection in one process.
  it.runIf(kind === "postgres")(
    "a cancel and a full refund at once credit the invoice once",
    async () => {
      const order = await pendingOrder(t.db, UID, "Karnataka");
      await pay(t.db, order);
      await Promise.all([cancel(order.id), refund(order.id, order.totalPaise)]);
      const { notes } = await docsOf(order.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.totalPaise).toBe(order.totalPaise);
    },
  );
});
