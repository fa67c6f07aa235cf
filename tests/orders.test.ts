/**
 * GET /v2/orders (docs/product.md §7): the caller's orders only, newest first, amounts in rupees on the wire;
 * 401 without a token. Orders are inserted directly here (creating them is POST /create-order's job,
 * tested with the payment work), so this suite proves the read side on its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { answerToPaise } from "~/lib/wire-money";
import type { OrderJson } from "~/features/orders/orders";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { orderParties } from "./helpers/fixtures";
import { EMULATOR_PORTS } from "./helpers/ports";
import { useTestAuth } from "./helpers/portal";

// Callers are real accounts on a private Auth Emulator; the real auth module checks their tokens.
const EMULATOR_PORT = EMULATOR_PORTS.orders;
const auth = useTestAuth(EMULATOR_PORT);

const ordersRoute = await import("~/pages/v2/orders");
const { loadMyOrderPage, loadMyOrdersPage } = await import("~/features/orders/order-page.server");

/** Inserts an order of `uid` made at `createdAt`, with one line of `pricePaise` x `quantity`. */
async function insertOrder(
  t: TestDb,
  id: string,
  uid: string,
  createdAt: Date,
  pricePaise: number,
  quantity = 1,
) {
  const total = pricePaise * quantity;
  await t.db.insert(schema.orders).values({
    id,
    userId: uid,
    status: "pending",
    subtotalPaise: total,
    totalPaise: total,
    paymentAmountPaise: total,
    ...orderParties("addr-1"),
    timeline: { pending: createdAt.toISOString() },
    createdAt,
    updatedAt: createdAt,
  });
  await t.db.insert(schema.orderItems).values({
    id: `${id}-item`,
    orderId: id,
    productId: null,
    productName: `Frame of ${id}`,
    productImage: "/images/frame.webp",
    productWeightGrams: 800,
    variant: { Size: { id: "v1", value: "A4 (8 x 12 in)", price: 30000 } },
    quantity,
    pricePaise,
  });
}

describe.each(dbKinds)("GET /v2/orders on %s", (kind) => {
  let t: TestDb;
  /** name -> the emulator account's uid and token (each with a users row). */
  const people = new Map<string, { uid: string; token: string }>();
  const uid = (name: string) => people.get(name)!.uid;

  beforeAll(async () => {
    t = await createTestDb(kind);
    for (const name of ["alice", "bob", "carol"]) {
      const account = await auth().createUser();
      await t.db.insert(schema.users).values({ id: account.uid, email: account.email });
      people.set(name, { uid: account.uid, token: account.token });
    }
    await insertOrder(
      t,
      `order-a-old-${kind}`,
      uid("alice"),
      new Date("2026-01-01T10:00:00Z"),
      149950,
    );
    await insertOrder(t, `order-b-${kind}`, uid("bob"), new Date("2026-01-02T10:00:00Z"), 49900);
    await insertOrder(
      t,
      `order-a-new-${kind}`,
      uid("alice"),
      new Date("2026-01-03T10:00:00Z"),
      179900,
      2,
    );
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (name?: string) =>
    call(ordersRoute.GET, "/v2/orders", { token: name ? people.get(name)!.token : undefined });

  it("answers only the caller's orders, newest first", async () => {
    const res = await get("alice");
    expect(res.status).toBe(200);
    expect((res.json as OrderJson[]).map((o) => o.id)).toEqual([
      `order-a-new-${kind}`,
      `order-a-old-${kind}`,
    ]);
    const bob = await get("bob");
    expect((bob.json as OrderJson[]).map((o) => o.id)).toEqual([`order-b-${kind}`]);
  });

  it("sends amounts as rupees with the items and their variant values", async () => {
    const res = await get("alice");
    const [newest] = res.json as OrderJson[];
    expect(newest!.pricing.total).toBe(3598);
    expect(newest!.items[0]!.price).toBe(1799);
    expect(newest!.items[0]!.variant.Size!.value).toBe("A4 (8 x 12 in)");
    const [, older] = answerToPaise<OrderJson[]>(res.json);
    expect(older!.pricing.total).toBe(149950);
    expect(older!.status).toBe("pending");
    expect(older!.shippingName.firstName).toBe("Asha");
  });

  it("answers an empty list to a shopper with no orders", async () => {
    const res = await get("carol");
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });

  it("refuses a caller without a token (401) and other methods (405)", async () => {
    const res = await get();
    expect(res.status).toBe(401);
    expect(typeof res.json.error).toBe("string");
    const post = await call(ordersRoute.ALL, "/v2/orders", {
      method: "POST",
      token: people.get("alice")!.token,
      body: {},
    });
    expect(post.status).toBe(405);
  });

  describe("the order pages' server reads (decision 0019)", () => {
    const open = () => Promise.resolve(t.db);
    const cannotOpen = () => Promise.reject(new Error("connection refused"));

    it("/my-orders reads the caller's orders, newest first; a failing database is a 503", async () => {
      const page = await loadMyOrdersPage(open, uid("alice"));
      expect(page.state === "found" && page.orders.map((o) => o.id)).toEqual([
        `order-a-new-${kind}`,
        `order-a-old-${kind}`,
      ]);
      expect(await loadMyOrdersPage(cannotOpen, uid("alice"))).toEqual({
        state: "failed",
        status: 503,
      });
    });

    it("/my-orders/{id} shows the owner's order (paise inside); another's or an odd id is missing; a failing database is a 503", async () => {
      const page = await loadMyOrderPage(open, uid("alice"), `order-a-old-${kind}`);
      expect(page.state === "found" && page.order.pricing.total).toBe(149950);
      expect(await loadMyOrderPage(open, uid("alice"), `order-b-${kind}`)).toEqual({
        state: "missing",
        status: 404,
      });
      expect(await loadMyOrderPage(open, uid("alice"), "no-such-order")).toEqual({
        state: "missing",
        status: 404,
      });
      expect(await loadMyOrderPage(open, uid("alice"), "../etc")).toEqual({
        state: "missing",
        status: 404,
      });
      expect(await loadMyOrderPage(open, uid("alice"), undefined)).toEqual({
        state: "missing",
        status: 404,
      });
      expect(await loadMyOrderPage(cannotOpen, uid("alice"), `order-a-old-${kind}`)).toEqual({
        state: "failed",
        status: 503,
      });
    });
  });
});
