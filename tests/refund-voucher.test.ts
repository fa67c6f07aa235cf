/**
 * Refunding an advance (docs/decisions/0182-credit-notes-and-refund-vouchers.md) on both engines:
 * the advance's receipt voucher (rule 50, decision 0124) is answered by a refund voucher (CGST
 * Rules, rule 51) of its own series RFV naming the receipt voucher's number and date, never a
 * credit note; cancelling the order alone issues nothing; the GST summary counts the voucher with
 * the untaxed documents, never as a reduction of taxable supplies.
 */
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it, vi } from "vitest";
import { creditCancelledOrder, issueCreditNote } from "~/features/books/credit-note.server";
import { documentPdf } from "~/features/books/documents.server";
import { gstSummary } from "~/features/reports/gst-summary.server";
import { indiaDate, indiaDay } from "~/lib/dates";
import { schema } from "~/server/db/client";
import { saveSeller } from "./helpers/books";
import { call } from "./helpers/call";
import { OWNER, customWorkKit, payBody, quoteBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const depositRoute = await import("~/pages/v2/admin/quotes/[id]/deposit");

describe.each(dbKinds)("a refunded advance on %s", (kind) => {
  const k = customWorkKit(kind);

  it("gets a refund voucher against its receipt voucher, not a credit note", async () => {
    const email = `rfv-${kind}@example.com`;
    const inq = await k.inquiry(email);
    const quoteId = (await k.create(inq, quoteBody())).json.id as string;
    const set = await call(depositRoute.PUT, `/v2/admin/quotes/${quoteId}/deposit`, {
      method: "PUT",
      token: OWNER,
      body: { percent: 30 },
      params: { id: quoteId },
    });
    expect(set.status).toBe(200);
    expect((await k.act(quoteId, "send")).status).toBe(200);
    const token = k.tokenIn((await k.mailsTo(email)).at(-1)!.body)!;
    await saveSeller(k.t.db);
    const started = await k.pay(token, payBody({ customer_email: email }));
    await k.press(started.json.payment_session_id);
    const orderId = started.json.order_id as string;
    const documents = () =>
      k.t.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, orderId));
    const [receipt] = await documents();
    expect(receipt).toMatchObject({ kind: "receipt", series: "ADV", totalPaise: 135_000 });

    // The order cancelled alone: nothing was supplied, so nothing is reversed.
    expect(await k.t.db.transaction((tx) => creditCancelledOrder(tx, orderId))).toBeNull();
    const id = await k.t.db.transaction((tx) =>
      issueCreditNote(tx, { id: `rf-${orderId}`, orderId, amountPaise: 135_000 }),
    );
    const voucher = (await documents()).find((d) => d.id === id);
    expect(voucher).toMatchObject({
      kind: "refund-voucher",
      series: "RFV",
      creditsInvoiceId: receipt!.id,
      totalPaise: 135_000,
      cgstPaise: 0,
      igstPaise: 0,
    });
    expect(voucher!.number).toMatch(/^RFV\/\d{2}-\d{2}\/000001$/);
    expect((await documents()).filter((d) => d.kind === "credit-note")).toEqual([]);

    const pdf = await getDocumentProxy(new Uint8Array(await documentPdf(k.t.db, voucher!)));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, " ");
    expect(text).toContain("Refund Voucher");
    expect(text).toContain(
      `Against receipt voucher ${receipt!.number} dated ${indiaDate(receipt!.issuedAt)}`,
    );

    const day = indiaDay(voucher!.issuedAt);
    const summary = await gstSummary(k.t.db, { from: day, to: day });
    expect(summary.creditNotes).toEqual([]);
    expect(summary.credits.documents).toBe(0);
    expect(summary.untaxed).toMatchObject({ credits: 1, credited: 135_000 });
  });
});
