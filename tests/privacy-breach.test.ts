/**
 * The owner's breach tool (docs/privacy-breach.md, docs/decisions/0172-breach-notices.md; DPDP Rules
 * 2025 Rule 7) on PGlite and PostgreSQL: administrators only; a bad body writes nothing; the people
 * whose account, order or inquiry was made or changed in the window are listed and each gets one
 * notice through the outbox with what Rule 7(1) asks for; recording the same breach again mails no
 * one twice; the recording is in the audit trail.
 */
import { eq } from "drizzle-orm";
import { DAY_MS } from "~/lib/dates";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { makeOrder, makeReviewShop, makeShopperRow, OWNER, PERSON } from "./helpers/reviews";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const route = await import("~/pages/v2/admin/data-breaches");

const from = new Date(Date.now() - DAY_MS).toISOString();
const to = new Date(Date.now() + 60_000).toISOString();
const body = {
  from,
  to,
  description: "A copy of the order list was left readable at a public link for a day.",
  consequences: "Someone may know your name, phone and address and what you ordered.",
  measures: "The link is removed and every key changed.",
  safety: "Be wary of calls or messages that mention your order and ask for money.",
};

describe.each(dbKinds)("recording a breach on %s", (kind) => {
  let t: TestDb;
  const post = (payload: unknown, token = OWNER) =>
    call(route.POST, "/v2/admin/data-breaches", { method: "POST", token, body: payload });
  const mails = () => t.db.select().from(schema.outbox);

  beforeAll(async () => {
    t = await createTestDb(kind);
    const shop = await makeReviewShop(t.db);
    await makeShopperRow(t.db, "asha");
    await makeOrder(t.db, "asha", [shop.frameId], "processing");
    await t.db.insert(schema.customInquiries).values({
      id: "inq-b",
      name: "Bina Kapoor",
      email: "Bina@Example.com",
      productType: "Keepsake",
      description: "shells",
    });
    // Long before the window, and an erased account: neither is told.
    const old = new Date(Date.now() - 30 * DAY_MS);
    await t.db
      .insert(schema.users)
      .values({ id: "old", email: "old@example.com", createdAt: old, updatedAt: old });
    await t.db.insert(schema.users).values({ id: "gone", email: "erased+gone@erased.invalid" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("is for administrators only", async () => {
    expect((await post(body, "test:asha")).status).toBe(403);
    expect((await post(body, "")).status).toBe(401);
    const list = await call(route.GET, `/v2/admin/data-breaches?from=${from}&to=${to}`, {
      token: "test:asha",
    });
    expect(list.status).toBe(403);
  });

  it("refuses a body it cannot use, writing nothing", async () => {
    const backwards = await post({ ...body, from: to, to: from });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.json)).toContain("The end must be after the start");
    expect((await post({ ...body, safety: "  " })).status).toBe(400);
    expect((await post({ ...body, from: "yesterday" })).status).toBe(400);
    expect(await t.db.select().from(schema.dataBreaches)).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it("lists the people whose records were made or changed in the window", async () => {
    const answer = await call(
      route.GET,
      `/v2/admin/data-breaches?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      { token: OWNER },
    );
    expect(answer.status).toBe(200);
    expect(answer.json.people.map((p: { email: string }) => p.email)).toEqual([
      "asha@example.com",
      "bina@example.com",
      "owner-1@example.com",
    ]);
    expect(answer.json.count).toBe(3);
  });

  it("queues one notice per person saying what Rule 7 asks, once, and audits it", async () => {
    const first = await post(body);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ queued: 3, already: false });
    const queued = await mails();
    expect(queued.map((m) => m.to).sort()).toEqual([
      "asha@example.com",
      "bina@example.com",
      "owner-1@example.com",
    ]);
    const asha = queued.find((m) => m.to === "asha@example.com")!;
    expect(asha.body).toContain(`Hello ${PERSON.firstName},`);
    for (const part of Object.values(body).slice(2)) expect(asha.body).toContain(part);
    expect(asha.body).toMatch(/answers for us at \S+@\S+/);

    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id: first.json.id, queued: 0, already: true });
    expect(await mails()).toHaveLength(3);
    const [record] = await t.db.select().from(schema.dataBreaches);
    expect(record).toMatchObject({ notices: 3, recordedBy: "owner-1" });
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entity, "data_breach"));
    expect(audit).toEqual([
      expect.objectContaining({ action: "breach.record", entityId: first.json.id }),
    ]);
  });
});
