/**
 * Shared steps of the shipping suites: a fresh database, the fake Shiprocket, the shipping settings
 * saved for Shiprocket (or manual), an owner, a shopper and paid orders to ship.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { forgetEstimatesForTests } from "~/features/shipping/estimate.server";
import { forgetShiprocketTokensForTests } from "~/features/shipping/providers/shiprocket.server";
import { shippingSection, type ShippingSettings } from "~/features/shipping/shipping-settings";
import { readSection, writeSection } from "~/features/settings/settings-store.server";
import { schema } from "~/server/db/client";
import { call } from "./call";
import { createTestDb, type TestDb } from "./db";
import { orderAddress, orderPerson } from "./fixtures";
import {
  FAKE_SR_EMAIL,
  FAKE_SR_PASSWORD,
  type FakeShiprocket,
  startFakeShiprocket,
} from "./fake-shiprocket";

export const OWNER_TOKEN = "test:ship-owner";
export const SHOPPER_TOKEN = "test:ship-shopper";
export const WEBHOOK_TOKEN = "parcel-token-0123456789abcdef";
const actor = { uid: "ship-owner", email: "ship-owner@example.com", address: "127.0.0.1" };
/** The parcel the suites ship: 1660 g in a 30 x 25 x 10 cm box. */
export const PARCEL = { weightGrams: 1660, lengthCm: 30, breadthCm: 25, heightCm: 10 };

let orders = 0;

export function shippingKit(
  kind: "pglite" | "postgres",
  provider: "shiprocket" | "manual" = "shiprocket",
) {
  const k = {} as { t: TestDb; fake: FakeShiprocket };
  const saved = { ...process.env };
  beforeAll(async () => {
    k.fake = await startFakeShiprocket();
    process.env.SHIPROCKET_BASE_URL = k.fake.url;
    process.env.SHIPROCKET_TIMEOUT_MS = "8000";
    process.env.SHIPPING_ESTIMATE_TIMEOUT_MS = "8000";
    k.t = await createTestDb(kind);
    await k.t.db.insert(schema.users).values([
      { id: "ship-owner", email: "ship-owner@example.com", role: "tm_admin" },
      { id: "ship-shopper", email: "ship-shopper@example.com", firstName: "Asha" },
    ]);
    await setShipping({ provider });
  });
  afterAll(async () => {
    process.env = saved;
    await k.fake.close();
    await k.t.close();
  });
  beforeEach(() => {
    process.env.SHIPPING_ESTIMATE_TIMEOUT_MS = "8000";
    process.env.SHIPROCKET_TIMEOUT_MS = "8000";
    k.fake.reset();
    forgetShiprocketTokensForTests();
    forgetEstimatesForTests();
  });

  async function setShipping(change: Partial<ShippingSettings>): Promise<void> {
    const current = await readSection(k.t.db, shippingSection);
    const value: ShippingSettings = {
      ...current.value,
      shiprocket: { email: FAKE_SR_EMAIL, password: FAKE_SR_PASSWORD, webhookToken: WEBHOOK_TOKEN },
      ...change,
    };
    await k.t.db.transaction((tx) =>
      writeSection(tx, shippingSection, value, current.version, actor),
    );
    forgetEstimatesForTests();
  }

  /** A paid order (processing) of two lines, to Jaipur 302001 unless told. */
  async function paidOrder(pin = "302001", status = "processing"): Promise<string> {
    const id = `ORD-SHIP-${Date.now().toString(36)}-${++orders}`;
    const address = orderAddress("addr-1", pin);
    const name = orderPerson("Asha", "Verma", "asha.ship@example.com");
    await k.t.db.insert(schema.orders).values({
      id,
      userId: "ship-shopper",
      status,
      subtotalPaise: 349700,
      totalPaise: 349700,
      shippingName: name,
      billingName: name,
      shippingAddress: address,
      billingAddress: address,
      paymentStatus: "Paid",
      paidAt: new Date(),
    });
    await k.t.db.insert(schema.orderItems).values([
      {
        id: `${id}-a`,
        orderId: id,
        productName: "Ocean Wave Photo Frame",
        quantity: 2,
        pricePaise: 149900,
        productWeightGrams: 800,
      },
      {
        id: `${id}-b`,
        orderId: id,
        productName: "Luggage Tag",
        quantity: 1,
        pricePaise: 49900,
        productWeightGrams: 60,
      },
    ]);
    return id;
  }

  async function order(id: string) {
    const [row] = await k.t.db.select().from(schema.orders).where(eq(schema.orders.id, id));
    return row!;
  }

  async function outboxTo(to: string) {
    return (await k.t.db.select().from(schema.outbox)).filter((m) => m.to === to);
  }

  /** The owner's shipment form (POST /v2/admin/order/{id}/shipments), as the owner unless told. */
  async function postShipment(orderId: string, body: unknown, token = OWNER_TOKEN) {
    const route = await import("~/pages/v2/admin/order/[id]/shipments");
    return call(route.POST, `/v2/admin/order/${orderId}/shipments`, {
      method: "POST",
      body,
      token,
      params: { id: orderId },
    });
  }

  /** The owner books a created shipment with its courier (POST /v2/admin/shipments/{id}/book). */
  async function book(id: string) {
    const route = await import("~/pages/v2/admin/shipments/[id]/book");
    return call(route.POST, `/v2/admin/shipments/${id}/book`, {
      method: "POST",
      token: OWNER_TOKEN,
      params: { id },
    });
  }

  return Object.assign(k, { setShipping, paidOrder, order, outboxTo, postShipment, book });
}
