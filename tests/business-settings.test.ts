/**
 * GET/PUT /v2/admin/settings/business (docs/decisions/0081, 0083) against a real database: the
 * owner reads the environment's first values at version 0, saves a checked section (GSTIN format,
 * state code and check digit; PAN inside the GSTIN), a stale version is a 409, a shopper a 403, and
 * every save leaves one audit row; "Prices include GST" is fixed at yes (decision 0085).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../src/server/db/client";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.businessSettings);
const route = await import("../src/pages/v2/admin/settings/business");
const URL = "/v2/admin/settings/business";

const valid = {
  legalName: "Resin Tales Studio LLP",
  tradingName: "Resin Tales",
  address: {
    address1: "12 Lake Road",
    address2: "",
    city: "Pune",
    state: "maharashtra",
    zipCode: "411001",
    country: "India",
  },
  gstin: "27aapfu0939f1zv",
  pan: "",
  registration: "regular",
  invoicePrefix: "RT",
  creditNotePrefix: "CN",
  supportEmail: "hello@resintales.example",
  supportPhone: "+91 98765 43210",
  defaultHsn: "3926",
  defaultGstRate: 18,
  pricesIncludeGst: true,
};

describe.each(dbKinds)("business settings on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await t.db.insert(schema.users).values([
      { id: owner.uid, email: `${owner.uid}@example.com`, role: "tm_admin" },
      { id: shopper.uid, email: `${shopper.uid}@example.com` },
    ]);
  });
  afterAll(async () => {
    await t.close();
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
