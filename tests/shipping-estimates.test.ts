/**
 * Delivery estimates, the checkout's stop and the shipping settings (docs/shipping.md, decisions
 * 0106 and 0108) on PGlite and PostgreSQL: dispatch date + the courier's days; answers cached per
 * PIN and weight band; a provider slower than the timeout gives the estimate without the courier's
 * part; an undelivered PIN stops checkout (server-side); the manual zone table; the settings keep
 * the keys on the server and out of the audit trail.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { forgetEstimatesForTests } from "~/features/shipping/estimate.server";
import { zoneFor } from "~/features/shipping/providers/manual.server";
import { DEFAULT_ZONES } from "~/features/shipping/shipping-settings";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { makeShop, makeShopper, orderBody, useLocalProvider } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { FAKE_SR_PASSWORD } from "./helpers/fake-shiprocket";
import { OWNER_TOKEN, SHOPPER_TOKEN, shippingKit, WEBHOOK_TOKEN } from "./helpers/shipping";
import { DAY_MS } from "~/lib/dates";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const estimateRoute = await import("~/pages/v2/delivery-estimate");
const settingsRoute = await import("~/pages/v2/admin/settings/shipping");
const createRoute = await import("~/pages/create-order");

describe("the manual zone table", () => {
  it("takes the longest prefix; a PIN no zone starts is not delivered to", () => {
    const zones = [...DEFAULT_ZONES, { label: "Jaipur city", prefixes: "302", days: 1 }];
    expect(zoneFor(zones, "302001")?.days).toBe(1);
    expect(zoneFor(zones, "311001")?.label).toContain("Rajasthan");
    expect(zoneFor(zones, "999999")).toBeNull();
  });
});

describe.each(dbKinds)("delivery estimates and shipping settings on %s", (kind) => {
  useLocalProvider();
  const k = shippingKit(kind);
  const estimate = (query: string) => call(estimateRoute.GET, `/v2/delivery-estimate?${query}`);
  const serviceabilityCalls = () =>
    k.fake.requests.filter((r) => r.path.startsWith("/courier/serviceability")).length;

  it("Shiprocket: dispatch by the processing days, delivered by + the cheapest courier's days; cached per PIN and weight band", async () => {
    const before = Date.now();
    const first = await estimate("pin=560001&weight=800&days=20");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      pin: "560001",
      deliverable: true,
      transitDays: 5,
      courierPart: true,
    });
    const dispatch = new Date(first.json.dispatchBy).getTime();
    expect(dispatch - before).toBeGreaterThanOrEqual(20 * DAY_MS - 1000);
    expect(new Date(first.json.deliverBy).getTime() - dispatch).toBe(5 * DAY_MS);
    await estimate("pin=560001&weight=990&days=20"); // same half-kilo band (501-1000 g)
    expect(serviceabilityCalls()).toBe(1);
    await estimate("pin=560001&weight=1200&days=20");
    expect(serviceabilityCalls()).toBe(2);
    expect(k.fake.requests.at(-1)!.path).toContain("weight=1.5");
  });

  it("a PIN no courier serves is not delivered to; a slow provider gives the estimate without the courier's part", async () => {
    k.fake.unserviceable.add("799999");
    expect((await estimate("pin=799999&weight=500")).json).toMatchObject({
      deliverable: false,
      deliverBy: null,
    });
    process.env.SHIPPING_ESTIMATE_TIMEOUT_MS = "500";
    k.fake.slow("/courier/serviceability", 2500);
    const slow = await estimate("pin=600001&weight=500&days=10");
    expect(slow.json).toMatchObject({
      deliverable: null,
      courierPart: false,
      deliverBy: null,
      transitDays: null,
    });
    expect(slow.json.dispatchBy).toBeTruthy();
    expect((await estimate("pin=12345")).status).toBe(400);
    expect((await estimate("pin=12345")).json.error).toBe(
      "Enter a 6-digit PIN code, for example 560001.",
    );
  });

  it("checkout stops at a PIN that is not delivered to, with a sentence, and writes no order", async () => {
    const shop = await makeShop(k.t.db);
    const uid = `stop-${Date.now().toString(36)}`;
    const { token } = await makeShopper(k.t.db, shop, uid);
    await k.t.db
      .update(schema.addresses)
      .set({ zipCode: "799998" })
      .where(eq(schema.addresses.userId, uid));
    k.fake.unserviceable.add("799998");
    const refused = await call(createRoute.POST, "/create-order", {
      method: "POST",
      token,
      body: orderBody(),
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(
      "We do not deliver to PIN code 799998 yet. Please use an address with another PIN code.",
    );
    expect(
      await k.t.db.select().from(schema.orders).where(eq(schema.orders.userId, uid)),
    ).toHaveLength(0);
    k.fake.unserviceable.clear();
    forgetEstimatesForTests();
    process.env.SHIPPING_ESTIMATE_TIMEOUT_MS = "500";
    k.fake.slow("/courier/serviceability", 2500);
    const slowButFine = await call(createRoute.POST, "/create-order", {
      method: "POST",
      token,
      body: orderBody(),
    });
    expect(slowButFine.status).toBe(200);
  });

  it("settings: the owner reads the keys only as set; an empty key keeps the stored one; the audit row is masked; shoppers are refused", async () => {
    expect(
      (await call(settingsRoute.GET, "/v2/admin/settings/shipping", { token: SHOPPER_TOKEN }))
        .status,
    ).toBe(403);
    const read = await call(settingsRoute.GET, "/v2/admin/settings/shipping", {
      token: OWNER_TOKEN,
    });
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(FAKE_SR_PASSWORD);
    expect(read.text).not.toContain(WEBHOOK_TOKEN);
    expect(read.json.settings.shiprocket).toEqual({
      email: "api-user@resintales.example",
      passwordSet: true,
      webhookTokenSet: true,
    });
    expect(read.json.webhookPath).toBe("/v2/parcel-events");
    const { passwordSet, webhookTokenSet, ...keys } = read.json.settings.shiprocket;
    const settings = {
      ...read.json.settings,
      pickup: { ...read.json.settings.pickup, pin: "302001" },
      shiprocket: { ...keys, password: "", webhookToken: "" },
    };
    const put = await call(settingsRoute.PUT, "/v2/admin/settings/shipping", {
      method: "PUT",
      token: OWNER_TOKEN,
      body: { version: read.json.version, settings },
    });
    expect(put.status).toBe(200);
    expect(put.json.settings.pickup.pin).toBe("302001");
    expect(put.json.settings.shiprocket.passwordSet).toBe(true);
    const audit = await k.t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "settings.shipping"));
    const last = audit.at(-1)!;
    expect(JSON.stringify(last)).not.toContain(FAKE_SR_PASSWORD);
    expect(JSON.stringify(last)).not.toContain(WEBHOOK_TOKEN);
    expect(last.after).toMatchObject({
      pickup: { pin: "302001" },
      shiprocket: { password: "••••" },
    });
    const stale = await call(settingsRoute.PUT, "/v2/admin/settings/shipping", {
      method: "PUT",
      token: OWNER_TOKEN,
      body: { version: read.json.version, settings },
    });
    expect(stale.status).toBe(409);
    const bad = await call(settingsRoute.PUT, "/v2/admin/settings/shipping", {
      method: "PUT",
      token: OWNER_TOKEN,
      body: {
        version: put.json.version,
        settings: { ...settings, pickup: { ...settings.pickup, pin: "12" } },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("The pickup PIN code must be a 6-digit PIN code");
  });

  it("manual shipping: the zone table's days; a PIN outside every zone is not delivered to", async () => {
    await k.setShipping({ provider: "manual" });
    const jaipur = await estimate("pin=302001&weight=500&days=20");
    expect(jaipur.json).toMatchObject({ deliverable: true, transitDays: 5, courierPart: true });
    expect((await estimate("pin=999999&weight=500")).json.deliverable).toBe(false);
    expect(serviceabilityCalls()).toBe(0);
    await k.setShipping({ provider: "shiprocket" });
  });
});
