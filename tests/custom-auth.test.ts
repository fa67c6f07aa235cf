/**
 * Custom work's endpoints with real sign-in (a private Auth Emulator, base port 9471): every owner
 * endpoint answers 401 without a token or with a forged one, 403 for a shopper, and lets the owner
 * (role tm_admin in the users row) through; the quote link's pay endpoint takes an optional bearer,
 * and a bad one is 401. Nothing is written by a refused call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { unsignedToken, idTokenClaims } from "./helpers/auth";
import { call } from "./helpers/call";
import { quoteBody } from "./helpers/custom-work";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

const inquiryQuotes = await import("~/pages/v2/admin/inquiries/[id]/quotes");
const quoteRoute = await import("~/pages/v2/admin/quotes/[id]");
const quoteAction = await import("~/pages/v2/admin/quotes/[id]/[action]");
const stagesRoute = await import("~/pages/v2/admin/order/[id]/stages");
const shippingRoute = await import("~/pages/v2/admin/order/[id]/shipping-charge");
const payRoute = await import("~/pages/v2/quotes/[token]/pay");

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.customAuth);

describe.each(dbKinds)("custom work authorisation on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await t.db.insert(schema.users).values([
      { id: owner.uid, email: `owner-${kind}@example.com`, role: "tm_admin" },
      { id: shopper.uid, email: `shopper-${kind}@example.com` },
    ]);
    await t.db
      .insert(schema.customInquiries)
      .values({ id: "inq-1", name: "Meera", email: "meera@example.com", productType: "Keepsake" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const forged = () => unsignedToken(idTokenClaims(owner.uid, "another-project"));
  const endpoints = (quoteId: string) => [
    (token?: string) =>
      call(inquiryQuotes.GET, "/v2/admin/inquiries/inq-1/quotes", {
        token,
        params: { id: "inq-1" },
      }),
    (token?: string) =>
      call(inquiryQuotes.POST, "/v2/admin/inquiries/inq-1/quotes", {
        method: "POST",
        token,
        body: quoteBody(),
        params: { id: "inq-1" },
      }),
    (token?: string) =>
      call(quoteRoute.PUT, `/v2/admin/quotes/${quoteId}`, {
        method: "PUT",
        token,
        body: quoteBody(),
        params: { id: quoteId },
      }),
    ...["send", "revise", "withdraw"].map(
      (action) => (token?: string) =>
        call(quoteAction.POST, `/v2/admin/quotes/${quoteId}/${action}`, {
          method: "POST",
          token,
          body: quoteBody(),
          params: { id: quoteId, action },
        }),
    ),
    (token?: string) =>
      call(stagesRoute.GET, "/v2/admin/order/o-1/stages", { token, params: { id: "o-1" } }),
    (token?: string) =>
      call(stagesRoute.POST, "/v2/admin/order/o-1/stages", {
        method: "POST",
        token,
        body: { stage: "design-agreed" },
        params: { id: "o-1" },
      }),
    (token?: string) =>
      call(shippingRoute.POST, "/v2/admin/order/o-1/shipping-charge", {
        method: "POST",
        token,
        body: { amount: 100 },
        params: { id: "o-1" },
      }),
  ];

  it("refuses anonymous, forged and shopper callers on every owner endpoint, and writes nothing", async () => {
    const draft = await call(inquiryQuotes.POST, "/v2/admin/inquiries/inq-1/quotes", {
      method: "POST",
      token: owner.token,
      body: quoteBody(),
      params: { id: "inq-1" },
    });
    expect(draft.status).toBe(201);
    const before = (await t.db.select().from(schema.quotes)).length;
    for (const request of endpoints(draft.json.id)) {
      expect((await request(undefined)).status).toBe(401);
      expect((await request(forged())).status).toBe(401);
      expect((await request(shopper.token)).status).toBe(403);
    }
    expect((await t.db.select().from(schema.quotes)).length).toBe(before);
    expect(await t.db.select().from(schema.outbox)).toHaveLength(0);
    // The owner gets through (an unknown order is a 404, not a refusal).
    expect((await endpoints(draft.json.id)[0]!(owner.token)).status).toBe(200);
    expect((await endpoints(draft.json.id)[6]!(owner.token)).status).toBe(404);
    expect(
      (
        await call(quoteAction.POST, `/v2/admin/quotes/${draft.json.id}/send`, {
          method: "POST",
          token: owner.token,
          params: { id: draft.json.id, action: "send" },
        })
      ).status,
    ).toBe(200);
  });

  it("the pay endpoint needs no account, but a bad bearer is a 401", async () => {
    const token = "A".repeat(43);
    const body = {
      customer_name: "Meera",
      customer_email: "meera@example.com",
      customer_phone: "9876543210",
      address: { address1: "1 Road", city: "Pune", state: "Maharashtra", zipCode: "411001" },
    };
    expect(
      (
        await call(payRoute.POST, `/v2/quotes/${token}/pay`, {
          method: "POST",
          body,
          params: { token },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(payRoute.POST, `/v2/quotes/${token}/pay`, {
          method: "POST",
          body,
          token: forged(),
          params: { token },
        })
      ).status,
    ).toBe(401);
  });
});
