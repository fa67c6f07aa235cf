/**
 * Shipments booked through Shiprocket (docs/shipping.md, decision 0105), on PGlite and PostgreSQL,
 * against tests/helpers/fake-shiprocket.ts: one provider shipment per shipment record whatever the
 * double clicks, lost answers, timeouts and refusals; the courier's cost on the order; the login
 * token renewed when it expires.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { readSection } from "~/features/settings/settings-store.server";
import { settleQuotedCharges } from "~/features/shipping/courier-charges.server";
import { shippingProviderFor } from "~/features/shipping/providers/index.server";
import { shippingSection } from "~/features/shipping/shipping-settings";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { OWNER_TOKEN, PARCEL, shippingKit, SHOPPER_TOKEN } from "./helpers/shipping";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const shipmentsRoute = await import("~/pages/v2/admin/order/[id]/shipments");

let keys = 0;
const newKey = () => `form-key-${Date.now().toString(36)}-${++keys}`;

describe.each(dbKinds)("shipments through Shiprocket on %s", (kind) => {
  const k = shippingKit(kind);
  const { postShipment: post, book } = k;
  const creates = () => k.fake.requests.filter((r) => r.path === "/orders/create/adhoc").length;

  it("the owner's form books one parcel: created, the cheapest courier's AWB, label and pickup; the cost lands on the order; audited", async () => {
    const id = await k.paidOrder();
    const answer = await post(id, { key: newKey(), ...PARCEL });
    expect(answer.status).toBe(201);
    // The AWB answer has no charge: Get Specific Order Details gave the courier's (95.50 quoted).
    expect(answer.json.shipment).toMatchObject({
      status: "booked",
      courierName: "Delhivery Surface",
      cost: 108,
      costIsQuote: false,
      manifestUrl: expect.stringContaining("manifest-"),
      awb: expect.stringMatching(/^SR\d+10$/),
      labelUrl: expect.stringContaining(".pdf"),
      trackingUrl: expect.stringContaining("/tracking/"),
    });
    expect(k.fake.parcels).toHaveLength(1);
    expect(k.fake.parcels[0]).toMatchObject({
      channelOrderId: answer.json.shipment.id,
      label: true,
      pickup: true,
    });
    expect(k.fake.parcels[0]!.body).toMatchObject({
      billing_pincode: "302001",
      weight: 1.66,
      length: 30,
      payment_method: "Prepaid",
    });
    expect((await k.order(id)).courierCostPaise).toBe(10800);
    const calls = k.fake.requests.map((r) => r.path.replace(/\d+/g, "N"));
    expect(calls.indexOf("/manifests/generate")).toBeGreaterThan(
      calls.indexOf("/courier/generate/pickup"),
    );
    const audit = await k.t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, id));
    expect(audit.map((a) => a.action)).toContain("shipment.create");
    const list = await call(shipmentsRoute.GET, `/v2/admin/order/${id}/shipments`, {
      token: OWNER_TOKEN,
      params: { id },
    });
    expect(list.json).toMatchObject({
      provider: "shiprocket",
      courierCharges: { cost: 108 },
      shipments: [{ awb: answer.json.shipment.awb }],
    });
    expect(list.json.couriers.map((c: { courierName: string }) => c.courierName)).toContain(
      "Blue Dart Air",
    );
  });

  it("the fastest courier, or one chosen by id; several shipments per order add their costs", async () => {
    const id = await k.paidOrder();
    const fastest = await post(id, { key: newKey(), ...PARCEL, courier: "fastest" });
    expect(fastest.json.shipment.courierName).toBe("Blue Dart Air");
    const chosen = await post(id, { key: newKey(), ...PARCEL, courier: "24" });
    expect(chosen.json.shipment.courierName).toBe("Xpressbees Air");
    expect((await k.order(id)).courierCostPaise).toBe(18875 + 1250 + 14200 + 1250);
  });

  it("a charge not billed yet stays the quote, shown as one, until the re-check reads the courier's", async () => {
    const id = await k.paidOrder();
    k.fake.chargeLater();
    const answer = await post(id, { key: newKey(), ...PARCEL });
    expect(answer.json.shipment).toMatchObject({ cost: 95.5, costIsQuote: true });
    k.fake.bill(answer.json.shipment.awb, 131.25);
    const { value } = await readSection(k.t.db, shippingSection);
    expect(await settleQuotedCharges(k.t.db, shippingProviderFor(value))).toBe(1);
    const [row] = await k.t.db
      .select()
      .from(schema.shipments)
      .where(eq(schema.shipments.id, answer.json.shipment.id));
    expect(row).toMatchObject({ costPaise: 13125, costSource: "courier" });
    expect((await k.order(id)).courierCostPaise).toBe(13125);
    expect(await settleQuotedCharges(k.t.db, shippingProviderFor(value))).toBe(0);
  });

  it("a double click and a retried request with the same key make one provider shipment", async () => {
    const id = await k.paidOrder();
    const key = newKey();
    const [a, b] = await Promise.all([post(id, { key, ...PARCEL }), post(id, { key, ...PARCEL })]);
    expect([a.status, b.status].sort()).toEqual(expect.arrayContaining([201]));
    const again = await post(id, { key, ...PARCEL });
    expect(again.json.shipment.id).toBe(a.json.shipment?.id ?? b.json.shipment?.id);
    expect(creates()).toBe(1);
    expect(
      await k.t.db.select().from(schema.shipments).where(eq(schema.shipments.orderId, id)),
    ).toHaveLength(1);
  });

  it("a create whose answer was lost (500 after the work) is found again on retry, never created twice", async () => {
    const id = await k.paidOrder();
    k.fake.failNext("/orders/create/adhoc", {
      status: 500,
      body: { message: "Server Error" },
      afterWork: true,
    });
    const first = await post(id, { key: newKey(), ...PARCEL });
    expect(first.status).toBe(502);
    expect(first.json.error).toContain("Shiprocket refused to create the shipment (500");
    const [stored] = await k.t.db
      .select()
      .from(schema.shipments)
      .where(eq(schema.shipments.orderId, id));
    expect(stored).toMatchObject({
      status: "booking",
      providerShipmentId: "",
      lastError: expect.stringContaining("500"),
    });
    const retry = await book(stored!.id);
    expect(retry.status).toBe(200);
    expect(retry.json.shipment.status).toBe("booked");
    expect(creates()).toBe(1);
    expect(k.fake.parcels).toHaveLength(1);
  });

  it("a timeout while assigning the AWB: 502 with a sentence; the retry finds the AWB already assigned and carries on", async () => {
    const id = await k.paidOrder();
    process.env.SHIPROCKET_TIMEOUT_MS = "600";
    k.fake.slow("/courier/assign/awb", 2000);
    const first = await post(id, { key: newKey(), ...PARCEL });
    expect(first.status).toBe(502);
    expect(first.json.error).toContain("did not answer in time");
    k.fake.slow("/courier/assign/awb", 0);
    process.env.SHIPROCKET_TIMEOUT_MS = "8000";
    await new Promise((r) => setTimeout(r, 2000)); // the slow call finishes at the fake
    const [stored] = await k.t.db
      .select()
      .from(schema.shipments)
      .where(eq(schema.shipments.orderId, id));
    const retry = await book(stored!.id);
    expect(retry.json.shipment).toMatchObject({ status: "booked", awb: k.fake.parcels[0]!.awb });
    expect(creates()).toBe(1);
  });

  it("4xx refusals: invalid data at create, a refused label, wrong keys at login; each a 502 naming the step", async () => {
    const id = await k.paidOrder();
    k.fake.failNext("/orders/create/adhoc", {
      status: 422,
      body: { message: "Oops! Invalid Data.", status_code: 422 },
    });
    const refused = await post(id, { key: newKey(), ...PARCEL });
    expect(refused.status).toBe(502);
    expect(refused.json.error).toContain("create the shipment (422: Oops! Invalid Data.)");
    const [stored] = await k.t.db
      .select()
      .from(schema.shipments)
      .where(eq(schema.shipments.orderId, id));
    k.fake.failNext("/courier/generate/label", {
      status: 400,
      body: { message: "AWB not assigned" },
    });
    const label = await book(stored!.id);
    expect(label.status).toBe(502);
    expect(label.json.error).toContain("make the label (400");
    expect((await book(stored!.id)).json.shipment.status).toBe("booked");
    expect(k.fake.parcels).toHaveLength(1);

    await k.setShipping({
      shiprocket: {
        email: "api-user@resintales.example",
        password: "wrong",
        webhookToken: "parcel-token-0123456789abcdef",
      },
    });
    const other = await k.paidOrder();
    const login = await post(other, { key: newKey(), ...PARCEL });
    expect(login.status).toBe(502);
    expect(login.json.error).toContain("refused the login");
    await k.setShipping({});
  });

  it("an expired token (10 days, or revoked) is renewed once and the call repeated", async () => {
    const id = await k.paidOrder();
    await post(id, { key: newKey(), ...PARCEL });
    expect(k.fake.logins()).toBe(1);
    k.fake.expireTokens();
    const list = await call(shipmentsRoute.GET, `/v2/admin/order/${id}/shipments`, {
      token: OWNER_TOKEN,
      params: { id },
    });
    expect(list.json.couriers).toHaveLength(3);
    expect(k.fake.logins()).toBe(2);
    k.fake.advance(10 * 24 * 3600_000 + 1000);
    await call(shipmentsRoute.GET, `/v2/admin/order/${id}/shipments`, {
      token: OWNER_TOKEN,
      params: { id },
    });
    expect(k.fake.logins()).toBe(3);
    const statuses = k.fake.requests
      .filter((r) => r.path.startsWith("/courier/serviceability"))
      .map((r) => r.token);
    expect(new Set(statuses).size).toBeGreaterThanOrEqual(3);
  });

  it("the form's guess: the lines' grams and the products' box (longest, widest, heights stacked), else the default package", async () => {
    const id = await k.paidOrder();
    const frame = "prod-size-frame";
    await k.t.db.insert(schema.products).values({
      id: frame,
      name: "Sized frame",
      description: "",
      pricePaise: 149900,
      sku: `SIZE-${Date.now()}`,
      lengthCm: 28,
      breadthCm: 22,
      heightCm: 4,
    });
    const guess = async () =>
      (
        await call(shipmentsRoute.GET, `/v2/admin/order/${id}/shipments`, {
          token: OWNER_TOKEN,
          params: { id },
        })
      ).json.guess;
    // No line has a size yet: the default package's box, the lines' 1660 g.
    expect(await guess()).toEqual({ weightGrams: 1660, lengthCm: 20, breadthCm: 15, heightCm: 8 });
    await k.t.db
      .update(schema.orderItems)
      .set({ productId: frame })
      .where(eq(schema.orderItems.orderId, id));
    expect(await guess()).toEqual({ weightGrams: 1660, lengthCm: 28, breadthCm: 22, heightCm: 12 });
  });

  it("refuses: a shopper (403), an unpaid order (400), a bad body (400), an unknown order (404); nothing written", async () => {
    const pending = await k.paidOrder("302001", "pending");
    expect((await post(pending, { key: newKey(), ...PARCEL }, SHOPPER_TOKEN)).status).toBe(403);
    const unpaid = await post(pending, { key: newKey(), ...PARCEL });
    expect(unpaid.status).toBe(400);
    expect(unpaid.json.error).toBe(
      "Only a paid order can be shipped: this one is not paid yet, or was cancelled.",
    );
    const bad = await post(pending, { key: newKey(), ...PARCEL, weightGrams: 0 });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("Weight (g) must be at least 1");
    expect((await post("nope", { key: newKey(), ...PARCEL })).status).toBe(404);
    expect(
      await k.t.db.select().from(schema.shipments).where(eq(schema.shipments.orderId, pending)),
    ).toHaveLength(0);
    expect(creates()).toBe(0);
  });
});
