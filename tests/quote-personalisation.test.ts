/**
 * Quotes carrying personalisation fields (docs/decisions/0266-quotes-carry-personalisation.md): the
 * owner names the product whose fields apply, the quote keeps them, the payment's values pass the
 * one schema (a bad or missing value: 400 with the field's own sentence, nothing written) and the
 * quote's order line keeps them.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { choiceField, textField } from "~/features/personalisation/nameplate.fixtures";
import type { PersonalisationField } from "~/lib/personalisation-types";
import { schema } from "~/server/db/client";
import { makeProduct } from "~/server/seed/factories";
import { customWorkKit, payBody, quoteBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const FIELDS: PersonalisationField[] = [
  textField({ id: "names", label: "Names on the block" }),
  choiceField({ label: "Lettering colour", price: 20000 }),
];

describe.each(dbKinds)("quotes with personalisation on %s", (kind) => {
  const k = customWorkKit(kind);
  const { create, pay, sentQuote } = k;

  async function personalisedProduct(fields = FIELDS) {
    const product = await makeProduct(k.t.db, { name: "Varmala block" });
    await k.t.db
      .update(schema.products)
      .set({ personalisation: fields })
      .where(eq(schema.products.id, product.id));
    return product.id;
  }
  const ordersOf = (quoteId: string) =>
    k.t.db.select().from(schema.orders).where(eq(schema.orders.quoteId, quoteId));

  it("the owner picks a product with fields; the quote keeps them; an unknown product or one without fields is refused", async () => {
    const productId = await personalisedProduct();
    const inq = await k.inquiry(`pick-${kind}@example.com`);
    const created = await create(inq, quoteBody({ personalisationProductId: productId }));
    expect(created.status).toBe(201);
    expect(created.json.personalisationProductId).toBe(productId);
    expect(created.json.personalisationFields.map((f: { id: string }) => f.id)).toEqual([
      "names",
      "colour",
    ]);
    const unknown = await create(inq, quoteBody({ personalisationProductId: "no-such-product" }));
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toContain("no product has this id");
    const plain = await makeProduct(k.t.db, { name: "Plain coaster" });
    const none = await create(inq, quoteBody({ personalisationProductId: plain.id }));
    expect(none.status).toBe(400);
    expect(none.json.error).toContain('"Plain coaster" has no personalisation fields');
  });

  it("paying: missing or bad values are 400 with the field's sentence and write nothing; good ones land on the order line", async () => {
    const productId = await personalisedProduct();
    const q = await sentQuote({ personalisationProductId: productId });
    const missing = await pay(q.token, payBody());
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('Please fill in "Names on the block".');
    const emoji = await pay(q.token, payBody({ personalisation: { names: "Asha 💍 Ravi" } }));
    expect(emoji.status).toBe(400);
    expect(emoji.json.error).toContain('"Names on the block" cannot include emoji');
    const option = await pay(
      q.token,
      payBody({ personalisation: { names: "Asha & Ravi", colour: "Silver" } }),
    );
    expect(option.status).toBe(400);
    expect(option.json.error).toBe(
      '"Lettering colour" has no such option any more; please choose again.',
    );
    expect(await ordersOf(q.id)).toHaveLength(0);

    const ok = await pay(
      q.token,
      payBody({ personalisation: { names: " आशा & Ravi ", colour: "Gold", stray: "x" } }),
    );
    expect(ok.status).toBe(200);
    const [order] = await ordersOf(q.id);
    const items = await k.t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, order!.id));
    expect(items).toHaveLength(1);
    expect(items[0]!.personalisation).toEqual([
      { id: "names", label: "Names on the block", kind: "text", value: "आशा & Ravi" },
      { id: "colour", label: "Lettering colour", kind: "choice", value: "Gold" },
    ]);
    // The quote's price is the piece's: a field's add-on price is not added to a quote.
    expect(items[0]!.pricePaise).toBe(450050);
  });

  it("later edits of the product's fields do not change a sent quote's fields", async () => {
    const productId = await personalisedProduct();
    const q = await sentQuote({ personalisationProductId: productId });
    await k.t.db
      .update(schema.products)
      .set({ personalisation: [] })
      .where(eq(schema.products.id, productId));
    const missing = await pay(q.token, payBody());
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('Please fill in "Names on the block".');
  });

  it("a quote without fields pays as before, ignoring stray values", async () => {
    const q = await sentQuote();
    const ok = await pay(q.token, payBody({ personalisation: { names: "Asha" } }));
    expect(ok.status).toBe(200);
    const [order] = await ordersOf(q.id);
    const [item] = await k.t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, order!.id));
    expect(item!.personalisation).toEqual([]);
  });
});
