/**
 * A paid quote's invoice (docs/decisions/0085, 0086) on PGlite and PostgreSQL: the payer gives a
 * GSTIN on the quote page (a wrong one is a 400 naming it, nothing written), pays with the local
 * provider, and downloads the tax invoice from /quote/{token}/documents/{doc} with the link alone;
 * another token, or a document of another order, is a 404.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { saveSeller } from "./helpers/books";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const route = await import("~/pages/quote/[token]/documents/[document]");

describe.each(dbKinds)("a paid quote's invoice on %s", (kind) => {
  const kit = customWorkKit(kind);

  it("is issued with the buyer's GSTIN and downloads with the quote's link", async () => {
    await saveSeller(kit.t.db);
    const { token } = await kit.sentQuote();
    const bad = await kit.pay(token, payBody({ buyer_gstin: "27AAPFU0939F1ZA" }));
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/buyer_gstin: .*check digit/);
    expect(await kit.t.db.select().from(schema.orders)).toHaveLength(0);
    const paid = await kit.pay(token, payBody({ buyer_gstin: "27aapfu0939f1zv" }));
    expect(paid.status).toBe(200);
    const outcome = await kit.press(paid.json.payment_session_id as string);
    expect(outcome.status).toBeLessThan(400);
    const orderId = paid.json.order_id as string;
    const [doc] = await kit.t.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.orderId, orderId));
    expect(doc).toMatchObject({
      kind: "tax-invoice",
      buyerGstin: "27AAPFU0939F1ZV",
      intraState: true,
      totalPaise: 450_050,
    });
    const get = (t: string, document: string) =>
      route.GET({ params: { token: t, document } } as never);
    const res = await get(token, doc!.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect((await get("A".repeat(43), doc!.id)).status).toBe(404);
    expect((await get(token, "doc_nope")).status).toBe(404);
  });
});
