/**
 * A free replacement's delivery challan (docs/decisions/0250, 0271-delivery-challan-in-the-books.md;
 * CGST Rules 2017, rule 55) on both engines: issued once in the decision that creates the
 * replacement order, even with two tabs deciding and a retry; numbered in its own series per
 * financial year (DC/yy-yy/000001, never sharing the invoices' counter); its PDF names consignor and
 * consignee with their GSTIN, the goods' HSN, quantity and taxable value, the rate with tax nil,
 * the place of supply and the signatory; listed with the replacement order's documents; never taken
 * for the sale document of either order.
 */
import { and, eq } from "drizzle-orm";
import { getDocumentProxy } from "unpdf";
import { describe, expect, it, vi } from "vitest";
import { issueDeliveryChallan } from "~/features/books/challan.server";
import { documentPdf } from "~/features/books/documents.server";
import { saleDocumentOf } from "~/features/books/issue.server";
import { loadOrderRow } from "~/features/orders/order-records.server";
import { schema } from "~/server/db/client";
import { saveSeller, SELLER } from "./helpers/books";
import { call } from "./helpers/call";
import { fileClaim } from "./helpers/claims";
import { useLocalProvider } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { reviewShopKit, makeOrder, OWNER } from "./helpers/reviews";
import { useScratchDataDir } from "./helpers/scratch-data-dir";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const myClaim = await import("~/pages/v2/orders/[id]/claim");
const decisionRoute = await import("~/pages/v2/admin/claims/[id]/decision");
const documentsRoute = await import("~/pages/v2/admin/order/[id]/documents");

useScratchDataDir("resin-claims-challan-");
useLocalProvider();

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++)
    for (const item of (await (await pdf.getPage(n)).getTextContent()).items)
      if ("str" in item) parts.push(item.str);
  return parts.join(" ").replace(/\s+/g, " ");
}

describe.each(dbKinds)("a replacement's delivery challan on %s", (kind) => {
  const { t, shop, shopper } = reviewShopKit(kind, "challan", (db) =>
    saveSeller(db, { signatoryName: "Meera Kulkarni", signatoryDesignation: "Partner" }),
  );

  /** A delivered order of two lines (₹499 each) with a claim on the first; answers the claim. */
  async function claimed() {
    const { uid, token } = await shopper();
    const orderId = await makeOrder(t.db, uid, [shop.frameId, shop.tagId]);
    return { orderId, claimId: await fileClaim(myClaim.POST, orderId, token) };
  }
  const replace = (claimId: string) =>
    call(decisionRoute.POST, `/v2/admin/claims/${claimId}/decision`, {
      method: "POST",
      token: OWNER,
      body: { decision: "replace" },
      params: { id: claimId },
    });
  const challans = () =>
    t.db.select().from(schema.invoices).where(eq(schema.invoices.kind, "delivery-challan"));

  it("two tabs replacing at once issue one challan, in its own series, listed on the order", async () => {
    const c = await claimed();
    const answers = await Promise.all([replace(c.claimId), replace(c.claimId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const replacementId = answers.find((a) => a.status === 200)!.json.replacementOrderId as string;
    const [challan, ...more] = await challans();
    expect(more).toEqual([]);
    expect(challan).toMatchObject({
      orderId: replacementId,
      series: "DC",
      sequence: 1,
      paymentId: null,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    });
    expect(challan!.number).toMatch(/^DC\/\d{2}-\d{2}\/000001$/);
    expect(challan!.number.length).toBeLessThanOrEqual(16);
    // ₹499 with 18% GST inside: the taxable value is ₹422.88, the value of the goods.
    expect(challan!.taxablePaise).toBe(42288);
    expect(challan!.totalPaise).toBe(42288);
    const lines = await t.db
      .select()
      .from(schema.invoiceLines)
      .where(eq(schema.invoiceLines.invoiceId, challan!.id));
    expect(lines.map((l) => [l.hsn, l.quantity, Number(l.gstRate), l.taxablePaise])).toEqual([
      ["3926", 1, 18, 42288],
    ]);

    // A retry (the decision's transaction run again) answers the same challan.
    const original = (await loadOrderRow(t.db, c.orderId))!;
    const again = await t.db.transaction((tx) =>
      issueDeliveryChallan(tx, {
        replacementOrderId: replacementId,
        original,
        lines: [{ itemId: `${c.orderId}_line_0`, quantity: 1 }],
        claimId: c.claimId,
      }),
    );
    expect(again).toEqual({ id: challan!.id, number: challan!.number });
    expect(await challans()).toHaveLength(1);
    // Neither order takes it for its sale document (a credit note would credit it otherwise).
    expect(await saleDocumentOf(t.db, replacementId)).toBeNull();

    const listed = await call(documentsRoute.GET, `/v2/admin/order/${replacementId}/documents`, {
      token: OWNER,
      params: { id: replacementId },
    });
    expect(listed.status).toBe(200);
    expect(listed.json.documents).toEqual([
      expect.objectContaining({
        kind: "delivery-challan",
        title: "Delivery Challan",
        number: challan!.number,
      }),
    ]);

    const text = await pdfText(await documentPdf(t.db, challan!));
    for (const expected of [
      "Delivery Challan",
      `No. ${challan!.number}`,
      "CONSIGNOR",
      "CONSIGNEE",
      SELLER.legalName,
      `GSTIN: ${SELLER.gstin}`,
      "Priyanka Raghunathan",
      "44 Koregaon Park Lane",
      "3926",
      "Place of supply: Maharashtra (27)",
      "rule 55(1)(c)",
      `original order #${original.number}`,
      "GST rate of the goods 18%, tax amount nil",
      "Value of goods",
      "Meera Kulkarni",
    ])
      expect(text).toContain(expected);
  });

  it("a second replacement takes the next challan number; the invoices' counter is untouched", async () => {
    const c = await claimed();
    expect((await replace(c.claimId)).status).toBe(200);
    const numbers = (await challans()).map((r) => r.sequence).sort();
    expect(numbers).toEqual([1, 2]);
    const [series] = await t.db
      .select()
      .from(schema.documentSeries)
      .where(and(eq(schema.documentSeries.series, SELLER.invoicePrefix)));
    expect(series).toBeUndefined();
  });
});
