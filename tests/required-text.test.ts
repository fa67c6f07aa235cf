/**
 * Required text made only of invisible characters (zero-width space, joiners, word joiner,
 * byte-order mark, soft hyphen) or whitespace is blank, on every endpoint that takes such text:
 * POST /create-order customer_name, POST /v2/quotes/{token}/pay customer_name, POST and PUT
 * /v2/products name and sku, and a quote's title on create and on edit. Each is a 400 naming the
 * field, and nothing is written. The rule is one field schema: requiredText in src/lib/fields.ts.
 */
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { BODY } from "./helpers/admin-products";
import { call } from "./helpers/call";
import { makeShopper, orderBody } from "./helpers/checkout";
import { OWNER, customWorkKit, payBody, quoteBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const createOrder = await import("~/pages/create-order");
const productsRoute = await import("~/pages/v2/products/index");
const productRoute = await import("~/pages/v2/products/[id]");
const quoteRoute = await import("~/pages/v2/admin/quotes/[id]");

/** How the product form labels each field (the messages name them so). */
const LABEL = { name: "Name", sku: "SKU" } as const;

const BLANKS = [
  ["a zero-width space", "\u200B"],
  ["zero-width joiners and a word joiner", "\u200C\u200D\u2060"],
  ["a byte-order mark between spaces", " \uFEFF "],
  ["a soft hyphen", "\u00AD"],
] as const;

/** The portal suites' product body, without a category, variants, attributes, tags or a second image. */
const PRODUCT = {
  ...BODY,
  categoryId: "",
  variants: [],
  attributes: [],
  tags: [],
  images: [BODY.images[0]],
};

describe.each(dbKinds)("required text made only of invisible characters on %s", (kind) => {
  const kit = customWorkKit(kind);
  let shoppers = 0;

  const rows = async () => ({
    orders: (await kit.t.db.select().from(schema.orders)).length,
    products: (await kit.t.db.select().from(schema.products)).length,
    quotes: (await kit.t.db.select().from(schema.quotes)).map((q) => q.title),
  });

  it.each(BLANKS)("POST /create-order refuses a customer_name of %s", async (_label, blank) => {
    const shopper = await makeShopper(kit.t.db, kit.shop, `blank-${kind}-${++shoppers}`);
    const before = await rows();
    const res = await call(createOrder.POST, "/create-order", {
      method: "POST",
      token: shopper.token,
      body: orderBody({ customer_name: blank, idempotency_key: `blank-key-${shoppers}` }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("customer_name: enter your name");
    expect(await rows()).toEqual(before);
  });

  it.each(BLANKS)(
    "POST /v2/quotes/{token}/pay refuses a customer_name of %s",
    async (_l, blank) => {
      const { token } = await kit.sentQuote();
      const before = await rows();
      const res = await kit.pay(token, payBody({ customer_name: blank }));
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("customer_name: enter your name");
      expect(await rows()).toEqual(before);
    },
  );

  it.each(BLANKS)("POST and PUT /v2/products refuse a name or sku of %s", async (_l, blank) => {
    const [category] = await kit.t.db.select().from(schema.categories);
    const body = { ...PRODUCT, categoryId: category!.id };
    const before = await rows();
    const post = (extra: object) =>
      call(productsRoute.POST, "/v2/products", {
        method: "POST",
        token: OWNER,
        body: { ...body, ...extra },
      });
    for (const field of ["name", "sku"] as const) {
      const res = await post({ [field]: blank });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(`${field}: ${LABEL[field]} is required`);
    }
    expect(await rows()).toEqual(before);

    const id = kit.shop.frameId;
    for (const field of ["name", "sku"] as const) {
      const res = await call(productRoute.PUT, `/v2/products/${id}`, {
        method: "PUT",
        params: { id },
        token: OWNER,
        body: { ...body, sku: `FRAME-${kind}`, [field]: blank },
      });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(`${field}: ${LABEL[field]} is required`);
    }
    const [frame] = (await kit.t.db.select().from(schema.products)).filter((p) => p.id === id);
    expect(frame!.name).toBe("Ocean Wave Photo Frame");
  });

  it.each(BLANKS)("a quote's title of %s is refused on create and on edit", async (_l, blank) => {
    const inquiry = await kit.inquiry();
    const before = await rows();
    const created = await kit.create(inquiry, quoteBody({ title: blank }));
    expect(created.status).toBe(400);
    expect(created.json.error).toBe("title: title is required");
    expect(await rows()).toEqual(before);

    const draft = await kit.create(inquiry, quoteBody());
    expect(draft.status).toBe(201);
    const id = draft.json.id as string;
    const edited = await call(quoteRoute.PUT, `/v2/admin/quotes/${id}`, {
      method: "PUT",
      token: OWNER,
      params: { id },
      body: quoteBody({ title: blank }),
    });
    expect(edited.status).toBe(400);
    expect(edited.json.error).toBe("title: title is required");
    expect((await rows()).quotes).toEqual([...before.quotes, "Ocean keepsake block"]);
  });

  it("keeps text with invisible edges, trimmed: the quote pay name is stored without them", async () => {
    const { token } = await kit.sentQuote();
    const res = await kit.pay(token, payBody({ customer_name: "\u200BMeera Rao\uFEFF" }));
    expect(res.status).toBe(200);
    const order = await kit.orderRow(res.json.order_id);
    expect(order.shippingName).toMatchObject({ firstName: "Meera", lastName: "Rao" });
  });
});
