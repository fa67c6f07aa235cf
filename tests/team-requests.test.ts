/**
 * A handful of real requests per role through the whole handlers, on both engines
 * (docs/decisions/0253-team-roles.md, 0254): the studio works on orders but takes no refund and
 * changes no status; the accountant reads orders without contact details, the reports and the
 * exports but the customers' list, and writes nothing; a shopper and an anonymous caller get
 * nothing. The whole route x role matrix is tests/team-permissions.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import * as allOrders from "~/pages/v2/admin/allorders";
import * as order from "~/pages/v2/admin/order/[id]";
import * as refunds from "~/pages/v2/admin/order/[id]/refunds";
import * as stages from "~/pages/v2/admin/order/[id]/stages";
import * as exportsRoute from "~/pages/v2/admin/exports/[name]";
import * as sales from "~/pages/v2/admin/reports/sales";
import * as queue from "~/pages/v2/admin/studio/queue";
import * as settings from "~/pages/v2/admin/settings/business";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { orderParties } from "./helpers/fixtures";
import { useTestDb } from "./helpers/suite-db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const o1 = { id: "o1" };

describe.each(dbKinds)("each role's real requests on %s", (kind) => {
  useTestDb(kind, async (t) => {
    await t.db.insert(schema.users).values([
      { id: "boss", email: "boss@example.com", role: "tm_admin" },
      { id: "maker", email: "maker@example.com", role: "studio" },
      { id: "books", email: "books@example.com", role: "accountant" },
      { id: "asha", email: "asha@example.com" },
    ]);
    await t.db.insert(schema.orders).values({
      id: "o1",
      userId: "asha",
      subtotalPaise: 99900,
      totalPaise: 99900,
      notes: "Call me on 9876543210",
      ...orderParties(),
      timeline: { pending: "2026-01-01T10:00:00Z" },
    });
  });

  it("the owner reads the order with its contact details", async () => {
    const read = await call(order.GET, "/v2/admin/order/o1", { token: "test:boss", params: o1 });
    expect(read.status).toBe(200);
    expect(read.json.shippingName).toMatchObject({ phone: "9876543210" });
    expect(read.json.shippingName.email).toContain("@example.com");
    expect(read.json.notes).toBe("Call me on 9876543210");
  });

  it("the studio: orders and its queue, no refund, no settings", async () => {
    const token = "test:maker";
    expect((await call(allOrders.GET, "/v2/admin/allorders", { token })).status).toBe(200);
    expect((await call(queue.GET, "/v2/admin/studio/queue", { token })).status).toBe(200);
    expect(
      (await call(stages.GET, "/v2/admin/order/o1/stages", { token, params: o1 })).status,
    ).toBe(200);
    const refund = await call(refunds.POST, "/v2/admin/order/o1/refunds", {
      method: "POST",
      token,
      params: o1,
      body: { reason: "Damaged in transit" },
    });
    expect(refund.status).toBe(403);
    expect(refund.json.error).toBe("Your role (Studio) cannot do this; ask the shop's owner.");
    const status = await call(order.PUT, "/v2/admin/order/o1?status=cancelled", {
      method: "PUT",
      token,
      params: o1,
    });
    expect(status.status).toBe(403);
    expect((await call(settings.GET, "/v2/admin/settings/business", { token })).status).toBe(403);
    expect((await call(sales.GET, "/v2/admin/reports/sales", { token })).status).toBe(403);
  });

  it("the accountant: orders without contact details, reports, exports but customers; no writes", async () => {
    const token = "test:books";
    const list = await call(allOrders.GET, "/v2/admin/allorders", { token });
    expect(list.status).toBe(200);
    const read = await call(order.GET, "/v2/admin/order/o1", { token, params: o1 });
    for (const seen of [list.json[0], read.json]) {
      expect(seen.shippingName).toMatchObject({ firstName: "Asha", phone: "", email: "" });
      expect(seen.billingName).toMatchObject({ phone: "", email: "" });
      expect(seen.billingAddress.city).toBe("");
      expect(seen.shippingAddress.city).toBe("Jaipur"); // on the invoice
      expect(seen.notes).toBe("");
      expect(JSON.stringify(seen)).not.toContain("9876543210");
    }
    expect((await call(sales.GET, "/v2/admin/reports/sales", { token })).status).toBe(200);
    const orders = await call(exportsRoute.GET, "/v2/admin/exports/invoices", {
      token,
      params: { name: "invoices" },
    });
    expect(orders.status).toBe(200);
    const customers = await call(exportsRoute.GET, "/v2/admin/exports/customers", {
      token,
      params: { name: "customers" },
    });
    expect(customers.status).toBe(403);
    expect(customers.json.error).toMatch(/only the shop's owner/);
    const stage = await call(stages.POST, "/v2/admin/order/o1/stages", {
      method: "POST",
      token,
      params: o1,
      body: {},
    });
    expect(stage.status).toBe(403);
  });

  it("a shopper and an anonymous caller get nothing", async () => {
    expect((await call(allOrders.GET, "/v2/admin/allorders", { token: "test:asha" })).status).toBe(
      403,
    );
    expect((await call(allOrders.GET, "/v2/admin/allorders")).status).toBe(401);
    expect((await call(sales.GET, "/v2/admin/reports/sales", { token: "test:asha" })).status).toBe(
      403,
    );
  });
});
