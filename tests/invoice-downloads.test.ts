/**
 * Document downloads (docs/decisions/0086) on PGlite and PostgreSQL: the buyer downloads their own
 * invoice from /my-orders/{id}/documents/{doc}; another shopper, or the right document under another
 * order's address, is a 404; the owner downloads any from /admin/documents/{doc} and lists an
 * order's documents with GET /v2/admin/order/{id}/documents, and sets a collection's default tax
 * codes (PUT /v2/admin/category-tax, audited), which the next invoice of its products uses.
 */
import type { APIContext } from "astro";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { pay, pendingOrder, saveSeller, seedBooksShop } from "./helpers/books";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const myRoute = await import("~/pages/my-orders/[id]/documents/[document]");
const adminRoute = await import("~/pages/admin/documents/[document]");
const listRoute = await import("~/pages/v2/admin/order/[id]/documents");
const categoryTaxRoute = await import("~/pages/v2/admin/category-tax");

const BUYER = "dl-buyer";
const OTHER = "dl-other";
const OWNER = "dl-owner";

function pageContext(
  path: string,
  params: Record<string, string>,
  user: { uid: string; role?: string } | null,
) {
  const url = new URL(path, "http://127.0.0.1:4321");
  return {
    request: new Request(url),
    url,
    params,
    locals: {
      user: user && {
        firstName: "",
        email: `${user.uid}@example.com`,
        role: user.role ?? "customer",
        isOwner: false,
        ...user,
      },
    },
  } as unknown as APIContext;
}

describe.each(dbKinds)("document downloads on %s", (kind) => {
  let t: TestDb;
  let orderId = "";
  let docId = "";
  beforeAll(async () => {
    t = await createTestDb(kind);
    await seedBooksShop(t.db, BUYER);
    await t.db.insert(schema.users).values([
      { id: OTHER, email: `${OTHER}@example.com` },
      { id: OWNER, email: `${OWNER}@example.com`, role: "tm_admin" },
    ]);
    await saveSeller(t.db);
    const order = await pendingOrder(t.db, BUYER);
    await pay(t.db, order);
    orderId = order.id;
    const [doc] = await t.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.orderId, orderId));
    docId = doc!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives the buyer their own invoice as a PDF", async () => {
    const res = await myRoute.GET(
      pageContext("/x", { id: orderId, document: docId }, { uid: BUYER }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="[A-Z]+-\d\d-\d\d-000001\.pdf"/,
    );
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("answers 404 for someone else's, or under another order's address", async () => {
    const other = await myRoute.GET(
      pageContext("/x", { id: orderId, document: docId }, { uid: OTHER }),
    );
    expect(other.status).toBe(404);
    const wrongOrder = await myRoute.GET(
      pageContext("/x", { id: "another-order", document: docId }, { uid: BUYER }),
    );
    expect(wrongOrder.status).toBe(404);
    const missing = await myRoute.GET(
      pageContext("/x", { id: orderId, document: "nope" }, { uid: BUYER }),
    );
    expect(missing.status).toBe(404);
    const shopperAsAdmin = await adminRoute.GET(
      pageContext("/x", { document: docId }, { uid: BUYER }),
    );
    expect(shopperAsAdmin.status).toBe(404);
  });

  it("gives the owner any document and the order's list", async () => {
    const res = await adminRoute.GET(
      pageContext("/x", { document: docId }, { uid: OWNER, role: "tm_admin" }),
    );
    expect(res.status).toBe(200);
    const list = await call(listRoute.GET, `/v2/admin/order/${orderId}/documents`, {
      token: `test:${OWNER}`,
      params: { id: orderId },
    });
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({
      documents: [
        { id: docId, kind: "tax-invoice", title: "Tax Invoice", href: `/admin/documents/${docId}` },
      ],
    });
    const refused = await call(listRoute.GET, `/v2/admin/order/${orderId}/documents`, {
      token: `test:${BUYER}`,
      params: { id: orderId },
    });
    expect(refused.status).toBe(403);
  });

  it("lets the owner set a collection's default codes, used by the next invoice", async () => {
    const put = (body: unknown, token = `test:${OWNER}`) =>
      call(categoryTaxRoute.PUT, "/v2/admin/category-tax", { method: "PUT", token, body });
    expect(
      (await put({ categoryId: "Frames", hsn: "4414", gstRate: 5 }, `test:${BUYER}`)).status,
    ).toBe(403);
    expect((await put({ categoryId: "Frames", hsn: "44", gstRate: 5 })).status).toBe(400);
    expect((await put({ categoryId: "Frames", hsn: "4414", gstRate: 7 })).status).toBe(400);
    expect((await put({ categoryId: "Nowhere", hsn: "4414", gstRate: 5 })).status).toBe(404);
    const saved = await put({ categoryId: "Frames", hsn: "4414", gstRate: 5 });
    expect(saved.status).toBe(200);
    const list = await call(categoryTaxRoute.GET, "/v2/admin/category-tax", {
      token: `test:${OWNER}`,
    });
    expect(list.json).toMatchObject({ categories: [{ id: "Frames", hsn: "4414", gstRate: 5 }] });
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "category.tax"));
    expect(audit).toHaveLength(1);
    const order = await pendingOrder(t.db, BUYER);
    await pay(t.db, order);
    const [doc] = await t.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.orderId, order.id));
    const lines = await t.db
      .select()
      .from(schema.invoiceLines)
      .where(eq(schema.invoiceLines.invoiceId, doc!.id))
      .orderBy(schema.invoiceLines.lineNo);
    expect([lines[0]?.hsn, lines[0]?.gstRate]).toEqual(["4414", 5]);
  });
});
