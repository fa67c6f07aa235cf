/**
 * The webhook lane (docs/decisions/0276-webhook-lane.md): a payment webhook sent again is answered
 * before Astro with exactly the route's answer (status, body bytes, headers); a first delivery, a
 * bad signature or another provider's name is left to the route (null), and nothing is written.
 */
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { applySecurityHeaders } from "~/server/security-headers.server";
import { webhookLane } from "~/features/checkout/webhook-lane.server";
import { cashfreeShopKit } from "./helpers/cashfree-provider";
import { call } from "./helpers/call";
import { makeShopper, orderBody } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const createRoute = await import("~/pages/create-order");

type Delivery = { body: string; headers: Record<string, string> };

const asRequest = (w: Delivery) =>
  new Request("http://127.0.0.1:4321/cashfree/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", ...w.headers },
    body: w.body,
  });

describe.each(dbKinds)("the webhook lane on %s", (kind) => {
  const k = cashfreeShopKit(kind);
  const stored = async () => (await k.t.db.select().from(schema.webhookEvents)).length;

  async function paidDelivery(name: string): Promise<Delivery> {
    const who = await makeShopper(k.t.db, k.shop, `lane-${kind}-${name}`);
    const created = await call(createRoute.POST, "/create-order", {
      method: "POST",
      token: who.token,
      body: orderBody({ idempotency_key: `lane-${who.uid}` }),
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.order_id as string;
    return k.fake.webhook(id, k.fake.pay(id));
  }

  it("answers a delivery sent again as the route does, byte for byte", async () => {
    const w = await paidDelivery("replay");
    const before = await stored();
    expect(await webhookLane(asRequest(w), "cashfree")).toBeNull(); // first delivery: the route's
    expect(await stored()).toBe(before);
    const first = await k.hook(w);
    expect(first.json).toMatchObject({ ok: true, effect: "paid" });
    const lane = await webhookLane(asRequest(w), "cashfree");
    const route = await k.hook(w);
    applySecurityHeaders(route.headers); // what the middleware adds to the route's answer
    expect(lane).not.toBeNull();
    expect(lane!.status).toBe(route.status);
    expect(lane!.body.toString()).toBe(route.text);
    expect(route.json).toEqual({ ok: true, effect: "replay" });
    expect([...lane!.headers]).toEqual([...route.headers]);
    expect(await stored()).toBe(before + 1);
  });

  it("leaves a bad signature, a stale one and another provider's name to the route", async () => {
    const w = await paidDelivery("forged");
    await k.hook(w);
    const forged = { ...w, headers: { ...w.headers, "x-webhook-signature": "bad" } };
    expect(await webhookLane(asRequest(forged), "cashfree")).toBeNull();
    expect((await k.hook(forged)).status).toBe(401);
    const changed = { ...w, body: w.body.replace("SUCCESS", "FAILED") };
    expect(await webhookLane(asRequest(changed), "cashfree")).toBeNull();
    expect(await webhookLane(asRequest(w), "local")).toBeNull();
    expect(await webhookLane(asRequest(w), "cashfree")).not.toBeNull();
  });
});
