/**
 * Shiprocket failing (docs/shipping.md, decisions 0105, 0107, 0108) on PGlite and PostgreSQL,
 * against tests/helpers/fake-shiprocket.ts: a pickup request refused, or requested with its answer
 * lost, carried on by the retry without a second parcel; a manifest whose answer was lost; a tracking call failing during the daily
 * re-check (logged, not counted as news, the other parcels still asked); a serviceability answer
 * of 4xx/5xx giving the estimate without the courier's part, saying so, and the owner's form a
 * sentence.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { dispatchHolds } from "~/features/made-to-order/dispatch-holds.server";
import { readSection } from "~/features/settings/settings-store.server";
import { shippingProviderFor } from "~/features/shipping/providers/index.server";
import { shippingSection } from "~/features/shipping/shipping-settings";
import { recheckQuietShipments } from "~/features/shipping/tracking.server";
import { estimateLines } from "~/features/shipping/DeliveryEstimate";
import { schema } from "~/server/db/client";
import { log } from "~/server/log/logger";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { SR_STATUS } from "./helpers/fake-shiprocket";
import { OWNER_TOKEN, PARCEL, shippingKit } from "./helpers/shipping";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const shipmentsRoute = await import("~/pages/v2/admin/order/[id]/shipments");
const estimateRoute = await import("~/pages/v2/delivery-estimate");

let keys = 0;

describe.each(dbKinds)("Shiprocket failing on %s", (kind) => {
  const k = shippingKit(kind);
  const post = (orderId: string) =>
    k.postShipment(orderId, { key: `fail-key-${++keys}-${Date.now()}`, ...PARCEL });
  const { book } = k;
  const calls = (prefix: string) => k.fake.requests.filter((r) => r.path.startsWith(prefix)).length;
  const stored = async (orderId: string) =>
    (await k.t.db.select().from(schema.shipments).where(eq(schema.shipments.orderId, orderId)))[0]!;

  it("a refused pickup request: 502 naming the step, the AWB and label kept; the retry only asks for the pickup", async () => {
    const id = await k.paidOrder();
    k.fake.failNext("/courier/generate/pickup", {
      status: 400,
      body: { message: "Pickup location is not verified", status_code: 400 },
    });
    const first = await post(id);
    expect(first.status).toBe(502);
    expect(first.json.error).toContain(
      "Shiprocket refused to request the pickup (400: Pickup location is not verified).",
    );
    const row = await stored(id);
    expect(row).toMatchObject({ status: "booking", pickupScheduledAt: "" });
    expect(row.awb).not.toBe("");
    expect(row.labelUrl).not.toBe("");
    expect(row.lastError).toContain("request the pickup");
    const retry = await book(row.id);
    expect(retry.status).toBe(200);
    expect(retry.json.shipment).toMatchObject({ status: "booked", awb: row.awb, lastError: "" });
    expect(calls("/orders/create/adhoc")).toBe(1);
    expect(calls("/courier/assign/awb")).toBe(1);
    expect(calls("/courier/generate/label")).toBe(1);
    expect(calls("/courier/generate/pickup")).toBe(2);
  });

  it("a manifest made but its answer lost: the retry prints the one Shiprocket made, never a second", async () => {
    const id = await k.paidOrder();
    k.fake.failNext("/manifests/generate", {
      status: 500,
      body: { message: "Server Error" },
      afterWork: true,
    });
    const first = await post(id);
    expect(first.status).toBe(502);
    expect(first.json.error).toContain("Shiprocket refused to make the manifest (500");
    const row = await stored(id);
    expect(row).toMatchObject({ status: "booking", manifestUrl: "" });
    expect(row.pickupScheduledAt).not.toBe("");
    const retry = await book(row.id);
    expect(retry.json.shipment).toMatchObject({
      status: "booked",
      manifestUrl: k.fake.parcels[0]!.manifest,
    });
    expect(calls("/courier/generate/pickup")).toBe(1);
    expect(calls("/manifests/generate")).toBe(2);
    expect(calls("/manifests/print")).toBe(1);
  });

  it("a pickup requested but its answer lost: Shiprocket's 'Already in Pickup Queue' on the retry counts as done", async () => {
    const id = await k.paidOrder();
    k.fake.failNext("/courier/generate/pickup", {
      status: 500,
      body: { message: "Server Error" },
      afterWork: true,
    });
    const first = await post(id);
    expect(first.status).toBe(502);
    expect(k.fake.parcels[0]!.pickup).toBe(true);
    const retry = await book((await stored(id)).id);
    expect(retry.status).toBe(200);
    expect(retry.json.shipment).toMatchObject({ status: "booked", pickupScheduledAt: "requested" });
    expect(k.fake.parcels).toHaveLength(1);
  });

  it("a tracking call failing in the re-check is logged and asked again next time; the other quiet parcel is still asked", async () => {
    const a = await k.paidOrder();
    const b = await k.paidOrder();
    const first = (await post(a)).json.shipment as { id: string; awb: string };
    const second = (await post(b)).json.shipment as { id: string; awb: string };
    for (const [s, hours] of [
      [first, 30],
      [second, 26],
    ] as const) {
      k.fake.move(s.awb, SR_STATUS.PICKED_UP, new Date(Date.now() - (hours + 2) * 3600_000));
      await k.t.db
        .update(schema.shipments)
        .set({ lastNewsAt: new Date(Date.now() - hours * 3600_000) })
        .where(eq(schema.shipments.id, s.id));
    }
    const { value } = await readSection(k.t.db, shippingSection);
    const provider = shippingProviderFor(value);
    // The longest quiet is asked first: its call fails with a 502 from Shiprocket.
    k.fake.failNext(`/courier/track/awb/${first.awb}`, {
      status: 502,
      body: { message: "Bad Gateway" },
    });
    const warn = vi.spyOn(log, "warn");
    try {
      expect(await recheckQuietShipments(k.t.db, provider, dispatchHolds)).toBe(2);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining(`re-check of parcel ${first.awb} failed: Shiprocket refused`),
      );
    } finally {
      warn.mockRestore();
    }
    expect((await k.order(b)).status).toBe("shipped");
    expect((await k.order(a)).status).toBe("processing");
    const quiet = await stored(a);
    expect(quiet.lastNewsAt!.getTime()).toBeLessThan(Date.now() - 24 * 3600_000);
    // The next re-check asks the failed one again, and hears the pickup.
    expect(await recheckQuietShipments(k.t.db, provider, dispatchHolds)).toBe(1);
    expect((await k.order(a)).status).toBe("shipped");
  });

  it("a serviceability answer of 4xx or 5xx: the estimate without the courier's part, saying so; not cached", async () => {
    const estimate = () =>
      call(estimateRoute.GET, "/v2/delivery-estimate?pin=560001&weight=800&days=20");
    for (const status of [422, 500]) {
      k.fake.failNext("/courier/serviceability", {
        status,
        body: { message: status === 422 ? "Invalid data" : "Server Error", status_code: status },
      });
      const answer = await estimate();
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        deliverable: null,
        courierPart: false,
        transitDays: null,
        deliverBy: null,
      });
      expect(estimateLines(answer.json).lines).toContain(
        "The courier did not answer just now, so this leaves out the days in transit.",
      );
    }
    const recovered = await estimate();
    expect(recovered.json).toMatchObject({ deliverable: true, courierPart: true });

    // The owner's form says what Shiprocket answered instead of listing couriers.
    const id = await k.paidOrder();
    k.fake.failNext("/courier/serviceability", { status: 500, body: { message: "Server Error" } });
    const form = await call(shipmentsRoute.GET, `/v2/admin/order/${id}/shipments`, {
      token: OWNER_TOKEN,
      params: { id },
    });
    expect(form.status).toBe(200);
    expect(form.json.couriers).toEqual([]);
    expect(form.json.couriersNote).toBe(
      "Shiprocket refused to check the PIN code (500: Server Error).",
    );
  });
});
