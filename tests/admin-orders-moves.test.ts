/**
 * The owner's order status moves (docs/product.md §7 Admin, decision 0023) against a real database:
 * every move the server accepts or refuses (a refused one writes nothing: no row change, no mail),
 * the shipped move's tracking number and shipping cost, the mail each move leaves in the outbox,
 * and two owners moving one order at once. The list and counts: admin-orders.test.ts.
 */
import { describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";
import { adminOrder, orderCounts, ordersKit, person } from "./helpers/admin-orders";

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.adminOrdersMoves);

describe.each(dbKinds)("the owner's orders on %s", (kind) => {
  const k = ordersKit(kind, owner, shopper);
  const { insertOrder, put, row, mailTo } = k;

  it("moves an order pending -> processing -> shipped -> delivered, stamping the timeline and mailing the shopper each time", async () => {
    await insertOrder(k.t.db, {
      id: "mv-1",
      at: "2025-02-01T10:00:00Z",
      total: 99_900,
      ship: person("Nisha", "Rao", "nisha@example.com"),
    });
    const processing = await put("mv-1", "processing");
    expect(processing.status).toBe(200);
    expect(processing.json.status).toBe("processing");
    expect(Object.keys(processing.json.timeline).sort()).toEqual(["pending", "processing"]);
    expect(new Date(processing.json.updatedAt).getTime()).toBeGreaterThan(
      new Date("2025-02-01T10:00:00Z").getTime(),
    );

    const shipped = await put("mv-1", "shipped", {
      trackingNumber: "  DTDC-12345 ",
      shippingCost: 80.5,
    });
    expect(shipped.status, JSON.stringify(shipped.json)).toBe(200);
    expect(shipped.json.shipping).toEqual({
      method: "standard",
      cost: 80.5,
      trackingNumber: "DTDC-12345",
    });
    const stored = await row("mv-1");
    expect(stored.shippingCostPaise).toBe(8050);
    expect(stored.trackingNumber).toBe("DTDC-12345");
    expect(stored.totalPaise).toBe(99_900);

    const delivered = await put("mv-1", "delivered");
    expect(delivered.json.status).toBe("delivered");
    expect(Object.keys(delivered.json.timeline).sort()).toEqual([
      "delivered",
      "pending",
      "processing",
      "shipped",
    ]);

    const mail = await mailTo("nisha@example.com");
    expect(mail.map((m) => m.subject)).toEqual([
      "Resin Tales: your order mv-1 is Processing",
      "Resin Tales: your order mv-1 is Shipped",
      "Resin Tales: your order mv-1 is Delivered",
    ]);
    const shippedMail = mail[1]!.body;
    expect(shippedMail).toContain("Tracking number: DTDC-12345");
    expect(shippedMail).toContain("Shipping cost: ₹80.50");
    expect(shippedMail).toContain("/my-orders/mv-1");
  });

  it("refuses a bad status, a move back to pending, a skipped step and any move out of delivered or cancelled, writing nothing", async () => {
    await insertOrder(k.t.db, {
      id: "mv-2",
      at: "2025-02-02T10:00:00Z",
      total: 10_000,
      status: "processing",
      ship: person("Kiran", "Das", "kiran@example.com"),
      timeline: { pending: "2025-02-02T10:00:00Z", processing: "2025-02-02T11:00:00Z" },
    });
    await insertOrder(k.t.db, {
      id: "mv-3",
      at: "2025-02-03T10:00:00Z",
      total: 10_000,
      status: "delivered",
      ship: person("Kiran", "Das", "kiran@example.com"),
    });
    await insertOrder(k.t.db, {
      id: "mv-4",
      at: "2025-02-04T10:00:00Z",
      total: 10_000,
      status: "cancelled",
      ship: person("Kiran", "Das", "kiran@example.com"),
    });
    const before = await Promise.all(["mv-2", "mv-3", "mv-4"].map(row));
    for (const [id, status, message] of [
      ["mv-2", "pending", "status must be processing, shipped, delivered or cancelled"],
      ["mv-2", "bogus", "status must be"],
      ["mv-2", "", "status must be"],
      ["mv-2", "processing", "already processing"],
      ["mv-2", "delivered", "cannot move from processing to delivered"],
      ["mv-3", "cancelled", "cannot move from delivered to cancelled"],
      ["mv-3", "shipped", "cannot move from delivered to shipped"],
      ["mv-4", "processing", "cannot move from cancelled to processing"],
    ] as const) {
      const res = await put(id, status);
      expect(res.status, `${id} -> ${status}`).toBe(400);
      expect(res.json.error).toContain(message);
    }
    expect(await Promise.all(["mv-2", "mv-3", "mv-4"].map(row))).toEqual(before);
    expect(await mailTo("kiran@example.com")).toEqual([]);
    const missing = await put("nope", "processing");
    expect(missing.status).toBe(404);
  });

  it("takes a tracking number and shipping cost only with shipped, and refuses malformed ones, writing nothing", async () => {
    await insertOrder(k.t.db, {
      id: "mv-5",
      at: "2025-02-05T10:00:00Z",
      total: 10_000,
      status: "processing",
      ship: person("Dev", "Shah", "dev@example.com"),
    });
    const before = await row("mv-5");
    for (const [status, body, message] of [
      ["shipped", { shippingCost: 1.005 }, "shippingCost"],
      ["shipped", { shippingCost: -5 }, "shippingCost"],
      ["shipped", { shippingCost: "80" }, "shippingCost"],
      ["shipped", { trackingNumber: "x".repeat(121) }, "trackingNumber"],
      ["shipped", { carrier: "DTDC" }, "trackingNumber and shippingCost only"],
      ["cancelled", { trackingNumber: "T1" }, "only when the order is shipped"],
    ] as const) {
      const res = await put("mv-5", status, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toContain(message);
    }
    const notJson = await call(adminOrder.PUT, "/v2/admin/order/mv-5?status=shipped", {
      method: "PUT",
      params: { id: "mv-5" },
      token: owner.token,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(await row("mv-5")).toEqual(before);
    expect(await mailTo("dev@example.com")).toEqual([]);
    const shipped = await put("mv-5", "shipped");
    expect(shipped.json.shipping).toEqual({ method: "standard", cost: 0, trackingNumber: "" });
    const cancelled = await put("mv-5", "cancelled");
    expect(cancelled.json.status).toBe("cancelled");
    expect(cancelled.json.timeline).toHaveProperty("cancelled");
    expect(cancelled.json.updatedAt).toBe(cancelled.json.timeline.cancelled);
  });

  it("applies one of two owners' simultaneous moves of one order and mails once", async () => {
    await insertOrder(k.t.db, {
      id: "mv-6",
      at: "2025-02-06T10:00:00Z",
      total: 10_000,
      ship: person("Tara", "Iyer", "tara@example.com"),
    });
    const raced = await Promise.all([put("mv-6", "processing"), put("mv-6", "processing")]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await mailTo("tara@example.com")).toHaveLength(1);
  });

  it("counts orders per status", async () => {
    const counts = await call(orderCounts.GET, "/v2/admin/order-counts", { token: owner.token });
    const rows = await k.t.db.select().from(schema.orders);
    const expected = {
      pending: 0,
      processing: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    } as Record<string, number>;
    for (const r of rows) expected[r.status]!++;
    expect(counts.json).toEqual(expected);
    expect(counts.json.cancelled).toBeGreaterThanOrEqual(2);
  });
});
