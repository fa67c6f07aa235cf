/**
 * GET/PUT /v2/admin/settings/business (docs/decisions/0081, 0083) against a real database: the
 * owner reads the environment's first values at version 0, saves a checked section (GSTIN format,
 * state code and check digit; PAN inside the GSTIN), a stale version is a 409, a shopper a 403, and
 * every save leaves one audit row; "Prices include GST" is fixed at yes (decision 0085).
 */
import { describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { SELLER } from "./helpers/books";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.businessSettings);
const route = await import("~/pages/v2/admin/settings/business");
const URL = "/v2/admin/settings/business";

/** The books' seller as typed: the state and GSTIN in lower case, no PAN. */
const valid = {
  ...SELLER,
  address: { ...SELLER.address, state: "maharashtra" },
  gstin: "27aapfu0939f1zv",
  pan: "",
};

describe.each(dbKinds)("business settings on %s", (kind) => {
  const t = useTestDb(kind, async (t) => {
    await t.db.insert(schema.users).values([
      { id: owner.uid, email: `${owner.uid}@example.com`, role: "tm_admin" },
      { id: shopper.uid, email: `${shopper.uid}@example.com` },
    ]);
  });

  it("is the owner's only", async () => {
    expect((await call(route.GET, URL, { token: shopper.token })).status).toBe(403);
    expect((await call(route.GET, URL)).status).toBe(401);
    const put = await call(route.PUT, URL, {
      method: "PUT",
      token: shopper.token,
      body: { value: valid, version: 0 },
    });
    expect(put.status).toBe(403);
  });

  it("reads the first values, saves a checked section, and audits it", async () => {
    const first = await call(route.GET, URL, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      version: 0,
      value: { registration: "unregistered", pricesIncludeGst: true, defaultGstRate: 18 },
    });
    const saved = await call(route.PUT, URL, {
      method: "PUT",
      token: owner.token,
      body: { value: valid, version: 0 },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      version: 1,
      value: { gstin: "27AAPFU0939F1ZV", address: { state: "Maharashtra" } },
    });
    const audit = await t.db.select().from(schema.auditLog);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "settings.business", actorUid: owner.uid });
  });

  it("refuses a stale version with 409 and bad fields with 400, writing nothing", async () => {
    const stale = await call(route.PUT, URL, {
      method: "PUT",
      token: owner.token,
      body: { value: valid, version: 0 },
    });
    expect(stale.status).toBe(409);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ address: { ...valid.address, state: "Karnataka" } }, /gstin: GSTIN starts with 27.*29/],
      [{ gstin: "27AAPFU0939F1ZA" }, /gstin: .*check digit/],
      [{ pan: "ABCDE1234F" }, /pan: PAN must be the same/],
      [{ registration: "regular", gstin: "" }, /gstin: GSTIN is required/],
      [{ invoicePrefix: "RT/X" }, /invoicePrefix/],
      [{ creditNotePrefix: "adv" }, /creditNotePrefix: .*ADV is kept for advance receipts/],
      [{ defaultGstRate: 7 }, /defaultGstRate/],
      [{ pricesIncludeGst: false }, /Prices include GST: always yes/],
      [
        { logoUrl: `/media/${"a".repeat(32)}/640.png` },
        /logoUrl: .*not one of this shop's uploads/,
      ],
      [{ logoUrl: `/media/${"a".repeat(32)}/640.webp` }, /logoUrl: Logo: upload a PNG or JPEG/],
      [{ invoicePrefix: "rfv" }, /invoicePrefix: .*RFV is kept for refund vouchers/],
      [{ creditNotePrefix: "DC" }, /creditNotePrefix: .*DC is kept for delivery challans/],
      [
        { signatureUrl: `/media/${"b".repeat(32)}/640.png` },
        /signatureUrl: .*not one of this shop's uploads/,
      ],
    ];
    for (const [change, message] of cases) {
      const answer = await call(route.PUT, URL, {
        method: "PUT",
        token: owner.token,
        body: { value: { ...valid, ...change }, version: 1 },
      });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect((answer.json as { error: string }).error).toMatch(message);
    }
    expect(await t.db.select().from(schema.auditLog)).toHaveLength(1);
    const now = await call(route.GET, URL, { token: owner.token });
    expect(now.json).toMatchObject({ version: 1 });
  });

  it("reads a section saved with prices excluding GST as including it, keeping the rest", async () => {
    const saved = { ...valid, gstin: "27AAPFU0939F1ZV", pricesIncludeGst: false };
    await t.db
      .update(schema.shopSettings)
      .set({ value: { ...saved, address: { ...valid.address, state: "Maharashtra" } } });
    const now = await call(route.GET, URL, { token: owner.token });
    expect(now.json).toMatchObject({
      version: 1,
      value: { registration: "regular", gstin: "27AAPFU0939F1ZV", pricesIncludeGst: true },
    });
  });
});
