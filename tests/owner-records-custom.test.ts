/**
 * The audit rows of the owner's product edits and custom work (docs/decisions/0110): a product's
 * create and update (only the fields that changed), the homepage toggle, and a quote's life (create,
 * edit, send, revise, withdraw), each in the transaction of its change; a refused action writes no
 * row. Owner tokens are test tokens (tests/helpers/test-tokens.ts). PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { OWNER, customWorkKit, quoteBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const productsRoute = await import("~/pages/v2/products/index");
const productRoute = await import("~/pages/v2/products/[id]");
const homeToggle = await import("~/pages/v2/home-products/[id]");

const PRODUCT = {
  name: "Audit Frame",
  description: "Blue resin waves",
  price: 1499.5,
  comparePrice: 1999,
  costPrice: 600,
  weight: 0.75,
  status: "active",
  sku: "AUDIT-1",
  variants: [{ name: "Size", value: "A4", price: 300 }],
  attributes: [],
  tags: ["ocean"],
  images: [{ url: "/images/ocean.webp", alt: "Ocean frame", isPrimary: true }],
};

describe.each(dbKinds)("audit rows of products and quotes on %s", (kind) => {
  const k = customWorkKit(kind);
  const rows = async (action: string) =>
    (await k.t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action))).map(
      (r) => ({ uid: r.actorUid, entityId: r.entityId, before: r.before, after: r.after }),
    );

  it("a product's create keeps what was made; an update keeps only what changed", async () => {
    const [category] = await k.t.db.select().from(schema.categories).limit(1);
    const body = { ...PRODUCT, categoryId: category!.id };
    const created = await call(productsRoute.POST, "/v2/products", {
      method: "POST",
      body,
      token: OWNER,
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const [made] = await rows("product.create");
    expect(made).toMatchObject({ uid: "owner-1", entityId: id, before: null });
    expect(made!.after).toMatchObject({ name: "Audit Frame", sku: "AUDIT-1" });

    const refused = await call(productRoute.PUT, `/v2/products/${id}`, {
      method: "PUT",
      params: { id },
      body: {
        ...body,
        images: [{ url: "https://elsewhere.example/x.png", alt: "x", isPrimary: true }],
      },
      token: OWNER,
    });
    expect(refused.status).toBe(400);
    expect(await rows("product.update")).toEqual([]);

    const edited = await call(productRoute.PUT, `/v2/products/${id}`, {
      method: "PUT",
      params: { id },
      body: { ...body, name: "Audit Frame II", price: 1599 },
      token: OWNER,
    });
    expect(edited.status).toBe(200);
    const [update] = await rows("product.update");
    expect(update!.before).toEqual({ name: "Audit Frame", price: 149950 });
    expect(update!.after).toEqual({ name: "Audit Frame II", price: 159900 });

    const toggled = await call(homeToggle.PATCH, `/v2/home-products/${id}`, {
      method: "PATCH",
      params: { id },
      token: OWNER,
    });
    expect(toggled.text).toBe("added");
    expect(await rows("home.add")).toEqual([
      expect.objectContaining({ entityId: id, after: expect.objectContaining({ onHome: true }) }),
    ]);
  });

  it("a quote's create, edit, send, revise and withdraw each leave one row; a refused one none", async () => {
    const inq = await k.inquiry(`audit-${kind}@example.com`);
    const created = await k.create(inq, quoteBody());
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const edit = await call(
      (await import("~/pages/v2/admin/quotes/[id]")).PUT,
      `/v2/admin/quotes/${id}`,
      { method: "PUT", params: { id }, token: OWNER, body: quoteBody({ price: 4100 }) },
    );
    expect(edit.status).toBe(200);
    expect((await k.act(id, "send")).status).toBe(200);
    expect((await k.act(id, "send")).status).toBe(409);
    const revised = await k.act(id, "revise", quoteBody({ price: 5200 }));
    expect(revised.status).toBe(200);
    expect((await k.act(revised.json.quote.id, "withdraw")).status).toBe(200);

    expect(await rows("quote.create")).toEqual([
      expect.objectContaining({ uid: "owner-1", entityId: id }),
    ]);
    const [updated] = await rows("quote.update");
    expect(updated!.after).toEqual({ pricePaise: 410000 });
    const sends = await rows("quote.send");
    expect(sends).toEqual([
      expect.objectContaining({
        entityId: id,
        before: { status: "draft" },
        after: { status: "sent" },
      }),
    ]);
    const [revise] = await rows("quote.revise");
    expect(revise!.after).toMatchObject({ replacedBy: revised.json.quote.id, pricePaise: 520000 });
    expect(await rows("quote.withdraw")).toEqual([
      expect.objectContaining({ entityId: revised.json.quote.id, after: { status: "withdrawn" } }),
    ]);
    // A quote's rows name its terms, never the customer.
    const text = JSON.stringify(await k.t.db.select().from(schema.auditLog));
    expect(text).not.toContain(`audit-${kind}@example.com`);
    expect(text).not.toContain("Meera Rao");
  });
});
